module libsudoku

go 1.19
