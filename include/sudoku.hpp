/*
 * libsudoku for C++17: a header-only layer over sudoku.h.
 * SPDX-License-Identifier: MIT OR Apache-2.0
 *
 * Written by hand (sudoku.h is generated). Link the program against libsudoku as for C:
 *
 *     #include <sudoku.hpp>
 *
 *     std::string_view puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
 *     sudoku::Result<sudoku::Board> solved = sudoku::solve(puzzle);
 *     if (solved) {
 *         std::cout << sudoku::to_string(*solved) << '\n';
 *     } else {
 *         std::cerr << solved.message() << '\n';   // and solved.status() says which failure
 *     }
 *
 * Nothing here throws or allocates, except `Result::value()`, which throws `sudoku::Error` when
 * exceptions are enabled (and calls std::abort() under -fno-exceptions), and `to_string()`.
 * Every function is thread-safe, as the C functions are.
 */
#ifndef SUDOKU_HPP
#define SUDOKU_HPP

#include <array>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define SUDOKU_HPP_EXCEPTIONS 1
#include <stdexcept>
#else
#define SUDOKU_HPP_EXCEPTIONS 0
#endif

#include "sudoku.h"

namespace sudoku {

/** Number of cells on a board. */
inline constexpr std::size_t cells = 81;

/** A board: 81 bytes, row by row, '1'-'9' for givens and '.' or '0' for blanks. */
using Board = std::array<char, cells>;

/**
 * Why a call failed. The values are the C library's `sudoku_status` numbers, which never change;
 * a newer library may return numbers not listed here, which keep their value.
 */
enum class Status : int {
    ok = SUDOKU_OK,
    null_pointer = SUDOKU_ERR_NULL_POINTER,
    invalid_character = SUDOKU_ERR_INVALID_CHARACTER,
    conflict = SUDOKU_ERR_CONFLICT,
    no_solution = SUDOKU_ERR_NO_SOLUTION,
    internal = SUDOKU_ERR_INTERNAL,
    /** Not a C status: a `std::string_view` argument did not hold exactly 81 characters. */
    invalid_length = -1,
};

/** A static description of a status; never null. */
inline const char *message(Status status) noexcept {
    if (status == Status::invalid_length) {
        return "a board must be exactly 81 characters";
    }
    return sudoku_status_str(static_cast<int>(status));
}

/** The library's version, "MAJOR.MINOR.PATCH"; compare with SUDOKU_VERSION_STRING. */
inline const char *version() noexcept { return sudoku_version(); }

#if SUDOKU_HPP_EXCEPTIONS
/** What `Result::value()` throws: a failed call, with its status. */
class Error : public std::runtime_error {
  public:
    explicit Error(Status status) : std::runtime_error(message(status)), status_(status) {}
    Status status() const noexcept { return status_; }

  private:
    Status status_;
};
#endif

/**
 * A value or the status that explains its absence. `ok()` (or `operator bool`) says which; `*`
 * and `->` read the value (only valid when ok()), `optional()` hands it over as std::optional.
 */
template <class T>
class Result {
  public:
    Result(T value) noexcept(std::is_nothrow_move_constructible_v<T>)
        : value_(std::move(value)), status_(Status::ok) {}
    Result(Status failure) noexcept : status_(failure) {}

    bool ok() const noexcept { return value_.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    Status status() const noexcept { return status_; }
    const char *message() const noexcept { return sudoku::message(status_); }

    const T &operator*() const & noexcept { return *value_; }
    T &operator*() & noexcept { return *value_; }
    const T *operator->() const noexcept { return &*value_; }
    const std::optional<T> &optional() const & noexcept { return value_; }
    std::optional<T> optional() && noexcept { return std::move(value_); }

    /** The value; on failure throws sudoku::Error, or aborts if exceptions are disabled. */
    const T &value() const & {
        if (!ok()) {
#if SUDOKU_HPP_EXCEPTIONS
            throw Error(status_);
#else
            std::abort();
#endif
        }
        return *value_;
    }

  private:
    std::optional<T> value_;
    Status status_;
};

/** Copies an 81-character string into a Board; std::nullopt for any other length. */
inline std::optional<Board> to_board(std::string_view text) noexcept {
    if (text.size() != cells) {
        return std::nullopt;
    }
    Board board{};
    for (std::size_t i = 0; i < cells; i++) {
        board[i] = text[i];
    }
    return board;
}

/** The board as an 81-character string. */
inline std::string to_string(const Board &board) { return std::string(board.data(), cells); }

/**
 * Solves `board` in place, like sudoku_solve(): on Status::ok it holds a solution keeping every
 * given; on any failure it is left as it was.
 */
[[nodiscard]] inline Status solve_in_place(Board &board) noexcept {
    return static_cast<Status>(sudoku_solve(board.data()));
}

/** A solution of `puzzle` (one of them if it has several), or why there is none. */
[[nodiscard]] inline Result<Board> solve(const Board &puzzle) noexcept {
    Board board = puzzle;
    Status status = solve_in_place(board);
    if (status != Status::ok) {
        return status;
    }
    return board;
}

/** As solve(const Board&), for text; Status::invalid_length unless it is 81 characters. */
[[nodiscard]] inline Result<Board> solve(std::string_view puzzle) noexcept {
    std::optional<Board> board = to_board(puzzle);
    if (!board) {
        return Status::invalid_length;
    }
    return solve(*board);
}

}  // namespace sudoku

#undef SUDOKU_HPP_EXCEPTIONS

#endif /* SUDOKU_HPP */
