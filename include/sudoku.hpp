/*
 * libsudoku for C++17: a header-only layer over sudoku.h.
 * SPDX-License-Identifier: MIT OR Apache-2.0
 *
 * Written by hand (sudoku.h is generated; its doc comments are the reference for every call
 * wrapped here). Link the program against libsudoku as for C:
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
 * exceptions are enabled (and calls std::abort() under -fno-exceptions), and `to_string()`,
 * `format()` and the other `format_*()` writers, which allocate a std::string. Every function
 * is thread-safe, as the C functions are. Structs that the C API fills (sudoku_rating,
 * sudoku_hint_result) are returned as they are, under C++ names (sudoku::Rating, sudoku::Hint).
 */
#ifndef SUDOKU_HPP
#define SUDOKU_HPP

#include <array>
#include <cstddef>
#include <cstdint>
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
    invalid_argument = SUDOKU_ERR_INVALID_ARGUMENT,
    buffer_too_small = SUDOKU_ERR_BUFFER_TOO_SMALL,
    parse = SUDOKU_ERR_PARSE,
    multiple_solutions = SUDOKU_ERR_MULTIPLE_SOLUTIONS,
    attempts_exhausted = SUDOKU_ERR_ATTEMPTS_EXHAUSTED,
    budget_exhausted = SUDOKU_ERR_BUDGET_EXHAUSTED,
    too_hard = SUDOKU_ERR_TOO_HARD,
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

/** Candidate masks, one per cell, bit `d - 1` for digit `d` (pencil marks for hint()). */
using Marks = std::array<std::uint16_t, cells>;

/** What count_solutions() found. */
struct Count {
    /** Distinct solutions found, at most the limit. */
    std::size_t count = 0;
    /** One of them, when `count` is at least 1. */
    std::optional<Board> first;
};

/**
 * Counts the solutions of `puzzle`, stopping at `limit` (at least 1; 2 answers "is it
 * unique?"), like sudoku_count_solutions(). Clashing givens count 0. Fails with
 * Status::invalid_character, or Status::invalid_argument for a `limit` of 0.
 */
[[nodiscard]] inline Result<Count> count_solutions(const Board &puzzle,
                                                   std::size_t limit = 2) noexcept {
    std::size_t count = 0;
    Board first{};
    Status status = static_cast<Status>(
        sudoku_count_solutions(puzzle.data(), limit, &count, first.data()));
    if (status != Status::ok) {
        return status;
    }
    Count result;
    result.count = count;
    if (count > 0) {
        result.first = first;
    }
    return result;
}

/** As count_solutions(const Board&), for text; Status::invalid_length unless 81 characters. */
[[nodiscard]] inline Result<Count> count_solutions(std::string_view puzzle,
                                                   std::size_t limit = 2) noexcept {
    std::optional<Board> board = to_board(puzzle);
    if (!board) {
        return Status::invalid_length;
    }
    return sudoku::count_solutions(*board, limit);
}

/** What validate() found: Status::ok, or the first problem and the cell at fault. */
struct Validation {
    Status status = Status::ok;
    /** The cell (0-80) at fault, for Status::invalid_character and Status::conflict. */
    std::optional<std::size_t> cell;

    bool ok() const noexcept { return status == Status::ok; }
    explicit operator bool() const noexcept { return ok(); }
    const char *message() const noexcept { return sudoku::message(status); }
};

/**
 * Checks `puzzle` without solving it, like sudoku_validate(): every byte legal and no two givens
 * clashing. The first problem in row-major order gives Status::invalid_character (the bad
 * byte's cell) or Status::conflict (the later of the two clashing cells).
 */
[[nodiscard]] inline Validation validate(const Board &puzzle) noexcept {
    std::size_t cell = 0;
    Validation result;
    result.status = static_cast<Status>(sudoku_validate(puzzle.data(), &cell));
    if (result.status == Status::invalid_character || result.status == Status::conflict) {
        result.cell = cell;
    }
    return result;
}

/** As validate(const Board&), for text; Status::invalid_length unless 81 characters. */
[[nodiscard]] inline Validation validate(std::string_view puzzle) noexcept {
    std::optional<Board> board = to_board(puzzle);
    if (!board) {
        Validation result;
        result.status = Status::invalid_length;
        return result;
    }
    return sudoku::validate(*board);
}

/**
 * Reads one puzzle from pasted text, like sudoku_parse() (its doc comment and the README give
 * the grammar); blanks come out as '.'. On Status::parse, `*error_offset` (if not null)
 * receives the byte offset of the first problem.
 */
[[nodiscard]] inline Result<Board> parse(std::string_view text,
                                         std::size_t *error_offset = nullptr) noexcept {
    Board board{};
    // data() of an empty string_view may be null, which sudoku_parse() refuses even for len 0.
    const char *data = text.data() != nullptr ? text.data() : "";
    Status status =
        static_cast<Status>(sudoku_parse(data, text.size(), board.data(), error_offset));
    if (status != Status::ok) {
        return status;
    }
    return board;
}

/** Layouts for format() (`sudoku_format_style`). */
enum class Format : int {
    /** The 81 cells on one line, no newline. */
    line = SUDOKU_FORMAT_LINE,
    /** Nine rows, `|` between boxes, `------+-------+------` between bands; '\n' after each line. */
    grid = SUDOKU_FORMAT_GRID,
    /** The grid framed by `+-------+-------+-------+` rules and `|` at both ends of each row. */
    bordered = SUDOKU_FORMAT_BORDERED,
};

/**
 * The board as text, like sudoku_format(); blanks are written '.'. Fails with
 * Status::invalid_character, or Status::invalid_argument for a Format value the library does
 * not know. Allocates the std::string (and so may throw std::bad_alloc).
 */
[[nodiscard]] inline Result<std::string> format(const Board &board, Format style = Format::line) {
    char text[SUDOKU_FORMAT_MAX_SIZE];
    std::size_t written = 0;
    Status status = static_cast<Status>(
        sudoku_format(board.data(), static_cast<int>(style), text, sizeof text, &written));
    if (status != Status::ok) {
        return status;
    }
    return std::string(text, written);
}

/** As format(const Board&), for text; Status::invalid_length unless 81 characters. */
[[nodiscard]] inline Result<std::string> format(std::string_view board,
                                                Format style = Format::line) {
    std::optional<Board> b = to_board(board);
    if (!b) {
        return Status::invalid_length;
    }
    return sudoku::format(*b, style);
}

/** The options of generate(): the C struct, with `size` set. */
using GenerateOptions = sudoku_generate_options;

/**
 * The library's default options (sudoku_generate_options_init()): no symmetry, any level or ER,
 * minimal, no floor, 1000 attempts. Change the fields you need, e.g.
 * `options.symmetry = SUDOKU_SYMMETRY_ROTATE_180; options.min_level = SUDOKU_LEVEL_HARD;` or
 * `options.min_er_tenths = 76;`.
 */
[[nodiscard]] inline GenerateOptions generate_options() noexcept {
    GenerateOptions options{};
    // Cannot fail: the pointer is valid and the size is the struct's own.
    (void)sudoku_generate_options_init(&options, sizeof options);
    return options;
}

/** A generated puzzle and its unique solution. */
struct Generated {
    Board puzzle;
    Board solution;
};

/**
 * A puzzle with exactly one solution, made from `seed`, like sudoku_generate(); the same seed
 * and options give the same puzzle everywhere. Fails with Status::attempts_exhausted when no
 * grid within `options.max_attempts` met every requirement, or Status::invalid_argument for
 * inconsistent options.
 */
[[nodiscard]] inline Result<Generated> generate(
    std::uint64_t seed, const GenerateOptions &options = generate_options()) noexcept {
    Generated result{};
    Status status = static_cast<Status>(
        sudoku_generate(seed, &options, result.puzzle.data(), result.solution.data()));
    if (status != Status::ok) {
        return status;
    }
    return result;
}

/** Sudoku Explainer's verdict (the C struct, see sudoku.h): level, er_tenths, ep_tenths,
 * ed_tenths, hardest_technique, hardest_name, ep_technique, ed_technique, steps,
 * technique_steps. */
using Rating = sudoku_rating;

/** The options of rate(): the C struct; `max_effort` bounds the work (0: the default). */
using RateOptions = sudoku_rate_options;

/** The default options of rate(): the default budget. */
[[nodiscard]] inline RateOptions rate_options() noexcept {
    RateOptions options{};
    options.size = sizeof options;
    return options;
}

/**
 * Rates `puzzle` as Sudoku Explainer does, like sudoku_rate_ex(): ER, EP, ED and the path. Only
 * puzzles with exactly one solution are rated: others fail with Status::multiple_solutions,
 * Status::no_solution, Status::conflict or Status::invalid_character; a rating over the budget
 * fails with Status::budget_exhausted, and a puzzle beyond the rater with Status::too_hard.
 */
[[nodiscard]] inline Result<Rating> rate(const Board &puzzle,
                                         const RateOptions &options = rate_options()) noexcept {
    Rating rating{};
    rating.size = sizeof rating;
    Status status = static_cast<Status>(sudoku_rate_ex(puzzle.data(), &options, &rating));
    if (status != Status::ok) {
        return status;
    }
    return rating;
}

/** As rate(const Board&, ...), for text; Status::invalid_length unless 81 characters. */
[[nodiscard]] inline Result<Rating> rate(std::string_view puzzle,
                                         const RateOptions &options = rate_options()) noexcept {
    std::optional<Board> board = to_board(puzzle);
    if (!board) {
        return Status::invalid_length;
    }
    return sudoku::rate(*board, options);
}

/** A hint (the C struct `sudoku_hint_result`, see sudoku.h): kind, technique, cell, digit,
 * units, placements, eliminations, pattern, wrong, and for a step Sudoku Explainer's rating
 * (difficulty_tenths), name (se_name) and chains (node_count nodes, truncated). */
using Hint = sudoku_hint_result;

/**
 * The next hint for a player's position, like sudoku_hint_ex() (Sudoku Explainer's next step,
 * or what is wrong): `board` holds the givens and the player's digits, `puzzle` (if not null)
 * the original givens, `marks` (if not null) the player's pencil marks. Without the puzzle,
 * every digit is taken as fixed (sudoku_hint()).
 * Fails with Status::multiple_solutions, Status::no_solution, Status::conflict or
 * Status::invalid_character when the puzzle (or the position) does not have exactly one
 * solution, and Status::invalid_argument when `board` changed a given or a mark has bits above 8.
 */
[[nodiscard]] inline Result<Hint> hint(const Board &board, const Board *puzzle = nullptr,
                                       const Marks *marks = nullptr) noexcept {
    Hint result{};
    result.size = sizeof result;
    Status status = static_cast<Status>(
        sudoku_hint_ex(puzzle != nullptr ? puzzle->data() : nullptr, board.data(),
                       marks != nullptr ? marks->data() : nullptr, &result));
    if (status != Status::ok) {
        return status;
    }
    return result;
}

/**
 * As hint(const Board&, ...), for text: `puzzle` empty for none. Status::invalid_length unless
 * `board`, and `puzzle` if not empty, are 81 characters.
 */
[[nodiscard]] inline Result<Hint> hint(std::string_view board, std::string_view puzzle = {},
                                       const Marks *marks = nullptr) noexcept {
    std::optional<Board> b = to_board(board);
    std::optional<Board> p = to_board(puzzle);
    if (!b || (!puzzle.empty() && !p)) {
        return Status::invalid_length;
    }
    return sudoku::hint(*b, p ? &*p : nullptr, marks);
}

/** The English name of a technique (a `sudoku_technique`), e.g. "X-Wing"; never null. */
inline const char *technique_name(int technique) noexcept {
    return sudoku_technique_name(technique);
}

/** The score of a technique in tenths (26 means 2.6), or -1 for an unknown one. */
inline int technique_score(int technique) noexcept { return sudoku_technique_score(technique); }

/** The English name of a level (a `sudoku_level`), e.g. "medium"; never null. */
inline const char *level_name(int level) noexcept { return sudoku_level_name(level); }

/** Layouts for format_marks() (`sudoku_marks_style`). */
enum class MarksStyle : int {
    /** The 729-character candidate string: nine characters per cell, the digit or '.'. */
    line = SUDOKU_MARKS_LINE,
    /** The 9x9 candidate grid with `|` and `+---+` rules; '\n' after each line. */
    grid = SUDOKU_MARKS_GRID,
};

/** A pencil-mark position: the digits ('.' for empty cells) and the candidates of the empty
 * cells (0 for filled ones). */
struct PencilMarks {
    Board board;
    Marks marks;
};

/**
 * Reads a pencil-mark position, like sudoku_parse_marks(): the 729-character candidate string
 * or a 9x9 candidate grid. `values` (if not null) says which cells are filled; without it a
 * cell showing one digit is taken as filled. On Status::parse, `*error_offset` (if not null)
 * receives the byte offset of the first problem.
 */
[[nodiscard]] inline Result<PencilMarks> parse_marks(std::string_view text,
                                                     const Board *values = nullptr,
                                                     std::size_t *error_offset = nullptr) noexcept {
    PencilMarks result{};
    // data() of an empty string_view may be null, which the C function refuses.
    const char *data = text.data() != nullptr ? text.data() : "";
    Status status = static_cast<Status>(
        sudoku_parse_marks(data, text.size(), values != nullptr ? values->data() : nullptr,
                           result.board.data(), result.marks.data(), error_offset));
    if (status != Status::ok) {
        return status;
    }
    return result;
}

namespace detail {
/** Runs a C writer into a buffer of N bytes: its text, or why not. */
template <std::size_t N, class Write>
Result<std::string> write_text(Write write) {
    char text[N];
    std::size_t written = 0;
    Status status = static_cast<Status>(write(text, sizeof text, &written));
    if (status != Status::ok) {
        return status;
    }
    return std::string(text, written);
}
}  // namespace detail

/**
 * A pencil-mark position as text, like sudoku_format_marks(): filled cells show their digit
 * alone (the marks of filled cells are ignored). Fails with Status::invalid_character, or
 * Status::invalid_argument for an unknown style or a mark with bits above 8 on an empty cell.
 * Allocates the std::string.
 */
[[nodiscard]] inline Result<std::string> format_marks(const Board &board, const Marks &marks,
                                                      MarksStyle style = MarksStyle::grid) {
    return detail::write_text<SUDOKU_MARKS_MAX_SIZE>([&](char *out, std::size_t n, std::size_t *w) {
        return sudoku_format_marks(board.data(), marks.data(), static_cast<int>(style), out, n, w);
    });
}

/** One puzzle of a file of puzzles (next_puzzle()). */
struct PuzzleRecord {
    /** The puzzle, blanks as '.'. */
    Board puzzle;
    /** The rest of its line after the separator (a rating, a comment); a view into the text. */
    std::string_view columns;
};

/**
 * Reads the next puzzle of a file with one per line at or after `offset`, like
 * sudoku_next_puzzle(): blank and '#' comment lines are skipped. Gives the record and moves
 * `offset` past its line, or std::nullopt at the end (with `offset` at the end). On
 * Status::parse `offset` is unchanged and `*error_offset` (if not null) receives the offset of
 * the first problem; go on from just past the next '\n' after it.
 */
[[nodiscard]] inline Result<std::optional<PuzzleRecord>> next_puzzle(
    std::string_view text, std::size_t &offset, std::size_t *error_offset = nullptr) noexcept {
    const char *data = text.data() != nullptr ? text.data() : "";
    PuzzleRecord record{};
    std::size_t found = 0, columns = 0, columns_len = 0;
    Status status = static_cast<Status>(
        sudoku_next_puzzle(data, text.size(), &offset, record.puzzle.data(), &found, &columns,
                           &columns_len, error_offset));
    if (status != Status::ok) {
        return status;
    }
    if (found == 0) {
        return std::optional<PuzzleRecord>{};
    }
    record.columns = text.substr(columns, columns_len);
    return std::optional<PuzzleRecord>{record};
}

/** A position with its origin: givens, the digits on the board now ('.' for empty cells), and
 * the candidates of the empty cells. */
struct Position {
    Board givens;
    Board board;
    Marks marks;
};

namespace detail {
template <class Read>
Result<Position> read_position(Read read, std::string_view text,
                               std::size_t *error_offset) noexcept {
    Position result{};
    const char *data = text.data() != nullptr ? text.data() : "";
    Status status = static_cast<Status>(read(data, text.size(), result.givens.data(),
                                             result.board.data(), result.marks.data(),
                                             error_offset));
    if (status != Status::ok) {
        return status;
    }
    return result;
}
}  // namespace detail

/**
 * Reads a SudokuWiki link (or its query, `bd=...`, the value alone), like
 * sudoku_parse_sudokuwiki(): the 81-digit puzzle, the 162-character candidates form or the
 * `S9B` form. On Status::parse, `*error_offset` (if not null) receives the offset.
 */
[[nodiscard]] inline Result<Position> parse_sudokuwiki(
    std::string_view text, std::size_t *error_offset = nullptr) noexcept {
    return detail::read_position(sudoku_parse_sudokuwiki, text, error_offset);
}

/**
 * Reads Simple Sudoku's `.ss` layout, like sudoku_parse_ss(): the givens grid, optionally the
 * grid of the digits on the board and a candidate grid. On Status::parse, `*error_offset` (if
 * not null) receives the offset.
 */
[[nodiscard]] inline Result<Position> parse_ss(std::string_view text,
                                               std::size_t *error_offset = nullptr) noexcept {
    return detail::read_position(sudoku_parse_ss, text, error_offset);
}

/**
 * A SudokuWiki link, like sudoku_format_sudokuwiki(): of `givens` alone, or with `board` (which
 * keeps every given) and `marks` both not null the candidates link of the whole position.
 * Fails with Status::null_pointer when only one of them is given, Status::invalid_character,
 * or Status::invalid_argument (a changed given, a mark above 9 bits). Allocates the string.
 */
[[nodiscard]] inline Result<std::string> format_sudokuwiki(const Board &givens,
                                                           const Board *board = nullptr,
                                                           const Marks *marks = nullptr) {
    return detail::write_text<SUDOKU_SUDOKUWIKI_MAX_SIZE>(
        [&](char *out, std::size_t n, std::size_t *w) {
            return sudoku_format_sudokuwiki(givens.data(),
                                            board != nullptr ? board->data() : nullptr,
                                            marks != nullptr ? marks->data() : nullptr, out, n, w);
        });
}

/**
 * The `.ss` layout, like sudoku_format_ss(): the givens grid, then the grid of `board` and the
 * candidate grid of `marks` when not null. Fails with Status::invalid_character or
 * Status::invalid_argument (a changed given, a mark above 9 bits). Allocates the string.
 */
[[nodiscard]] inline Result<std::string> format_ss(const Board &givens,
                                                   const Board *board = nullptr,
                                                   const Marks *marks = nullptr) {
    return detail::write_text<SUDOKU_SS_MAX_SIZE>([&](char *out, std::size_t n, std::size_t *w) {
        return sudoku_format_ss(givens.data(), board != nullptr ? board->data() : nullptr,
                                marks != nullptr ? marks->data() : nullptr, out, n, w);
    });
}

}  // namespace sudoku

#undef SUDOKU_HPP_EXCEPTIONS

#endif /* SUDOKU_HPP */
