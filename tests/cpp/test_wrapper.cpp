/*
 * Tests of include/sudoku.hpp, built and run by tests/cpp/mod.rs against the shared and the
 * static library, with exceptions on and with -fno-exceptions (the non-throwing API must work
 * there; the throwing one is checked when exceptions are on).
 */
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "sudoku.hpp"

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                                \
        }                                                                              \
    } while (0)

// The wrapper's statuses are the C numbers.
static_assert(static_cast<int>(sudoku::Status::ok) == 0);
static_assert(static_cast<int>(sudoku::Status::null_pointer) == 1);
static_assert(static_cast<int>(sudoku::Status::invalid_character) == 2);
static_assert(static_cast<int>(sudoku::Status::conflict) == 3);
static_assert(static_cast<int>(sudoku::Status::no_solution) == 4);
static_assert(static_cast<int>(sudoku::Status::internal) == 5);
static_assert(sizeof(sudoku::Board) == 81);
static_assert(noexcept(sudoku::solve(std::string_view{})));
static_assert(noexcept(sudoku::solve(sudoku::Board{})));
static_assert(std::is_same_v<decltype(sudoku::solve("")), sudoku::Result<sudoku::Board>>);

static constexpr std::string_view PUZZLE =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static constexpr std::string_view ANSWER =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// PUZZLE with two 5s in the first row, with a '#', and with a clash-free dead end.
static constexpr std::string_view CONFLICT =
    "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static constexpr std::string_view BAD_CHAR =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7#";
static constexpr std::string_view NO_SOLUTION =
    "12345678.........9...............................................................";

static void test_solve_text() {
    auto solved = sudoku::solve(PUZZLE);
    CHECK(solved.ok());
    CHECK(static_cast<bool>(solved));
    CHECK(solved.status() == sudoku::Status::ok);
    CHECK(std::strcmp(solved.message(), "success") == 0);
    CHECK(sudoku::to_string(*solved) == ANSWER);
    CHECK(solved->size() == 81);

    // From a std::string, with '0' for blanks.
    std::string zeros(PUZZLE);
    for (char &c : zeros) {
        if (c == '.') {
            c = '0';
        }
    }
    auto again = sudoku::solve(zeros);
    CHECK(again && sudoku::to_string(*again) == ANSWER);

    // Out as std::optional.
    std::optional<sudoku::Board> board = sudoku::solve(PUZZLE).optional();
    CHECK(board.has_value() && sudoku::to_string(*board) == ANSWER);
}

static void test_failures() {
    struct Case {
        std::string_view text;
        sudoku::Status status;
    };
    const Case cases[] = {
        {CONFLICT, sudoku::Status::conflict},
        {BAD_CHAR, sudoku::Status::invalid_character},
        {NO_SOLUTION, sudoku::Status::no_solution},
        {PUZZLE.substr(0, 80), sudoku::Status::invalid_length},
        {std::string_view{}, sudoku::Status::invalid_length},
    };
    for (const Case &c : cases) {
        auto result = sudoku::solve(c.text);
        CHECK(!result.ok());
        CHECK(!result.optional().has_value());
        CHECK(result.status() == c.status);
        CHECK(std::strcmp(result.message(), sudoku::message(c.status)) == 0);
    }
    std::string longer(PUZZLE);
    longer += '.';
    CHECK(sudoku::solve(longer).status() == sudoku::Status::invalid_length);
    CHECK(std::strcmp(sudoku::message(sudoku::Status::conflict),
                      sudoku_status_str(SUDOKU_ERR_CONFLICT)) == 0);
    CHECK(std::strcmp(sudoku::message(sudoku::Status::invalid_length),
                      "a board must be exactly 81 characters") == 0);
    // A status this wrapper does not list keeps its number and gets the library's message.
    CHECK(std::strcmp(sudoku::message(static_cast<sudoku::Status>(1000)), sudoku_status_str(1000)) ==
          0);
}

static void test_in_place() {
    sudoku::Board board = *sudoku::to_board(PUZZLE);
    CHECK(sudoku::solve_in_place(board) == sudoku::Status::ok);
    CHECK(sudoku::to_string(board) == ANSWER);

    // On failure the board is left exactly as it was.
    sudoku::Board clash = *sudoku::to_board(CONFLICT);
    sudoku::Board before = clash;
    CHECK(sudoku::solve_in_place(clash) == sudoku::Status::conflict);
    CHECK(clash == before);

    CHECK(!sudoku::to_board(PUZZLE.substr(1)).has_value());
    CHECK(sudoku::to_board(ANSWER).has_value());
}

static void test_version() {
    CHECK(std::strcmp(sudoku::version(), SUDOKU_VERSION_STRING) == 0);
}

static const char *test_exceptions() {
#if defined(__cpp_exceptions)
    try {
        (void)sudoku::solve(CONFLICT).value();
        CHECK(false);
    } catch (const sudoku::Error &e) {
        CHECK(e.status() == sudoku::Status::conflict);
        CHECK(std::strcmp(e.what(), sudoku::message(sudoku::Status::conflict)) == 0);
    }
    CHECK(sudoku::to_string(sudoku::solve(PUZZLE).value()) == ANSWER);
    return "on";
#else
    return "off";
#endif
}

int main() {
    test_solve_text();
    test_failures();
    test_in_place();
    test_version();
    const char *exceptions = test_exceptions();
    if (failures != 0) {
        std::fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    std::printf("%d checks passed (exceptions %s)\n", checks, exceptions);
    return 0;
}
