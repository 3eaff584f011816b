/*
 * Tests of include/sudoku.hpp, built and run by tests/cpp/mod.rs against the shared and the
 * static library, with exceptions on and with -fno-exceptions (the non-throwing API must work
 * there; the throwing one is checked when exceptions are on).
 */
#include <cstdint>
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
static_assert(static_cast<int>(sudoku::Status::invalid_argument) == 6);
static_assert(static_cast<int>(sudoku::Status::buffer_too_small) == 7);
static_assert(static_cast<int>(sudoku::Status::parse) == 8);
static_assert(static_cast<int>(sudoku::Status::multiple_solutions) == 9);
static_assert(static_cast<int>(sudoku::Status::attempts_exhausted) == 10);
static_assert(static_cast<int>(sudoku::Status::budget_exhausted) == 11);
static_assert(static_cast<int>(sudoku::Status::too_hard) == 12);
static_assert(static_cast<int>(sudoku::Format::bordered) == SUDOKU_FORMAT_BORDERED);
static_assert(noexcept(sudoku::count_solutions(std::string_view{})));
static_assert(noexcept(sudoku::validate(sudoku::Board{})));
static_assert(noexcept(sudoku::parse(std::string_view{})));
static_assert(noexcept(sudoku::generate(0)));
static_assert(noexcept(sudoku::rate(std::string_view{})));
static_assert(noexcept(sudoku::hint(sudoku::Board{}, nullptr, nullptr)));
static_assert(std::is_same_v<decltype(sudoku::format("")), sudoku::Result<std::string>>);
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

// Whether `solution` is a complete grid that obeys the rules and keeps the givens of `puzzle`.
static bool solves(std::string_view puzzle, const sudoku::Board &solution) {
    for (std::size_t c = 0; c < sudoku::cells; c++) {
        if (solution[c] < '1' || solution[c] > '9' ||
            (puzzle[c] != '.' && puzzle[c] != '0' && puzzle[c] != solution[c])) {
            return false;
        }
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1u << (solution[u * 9 + k] - '1');
            col |= 1u << (solution[k * 9 + u] - '1');
            box |= 1u << (solution[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3] - '1');
        }
        if (row != 0x1ff || col != 0x1ff || box != 0x1ff) {
            return false;
        }
    }
    return true;
}

static void test_count_and_validate() {
    auto unique = sudoku::count_solutions(PUZZLE);
    CHECK(unique && unique->count == 1 && unique->first &&
          sudoku::to_string(*unique->first) == ANSWER);
    const std::string empty(81, '.');
    auto many = sudoku::count_solutions(empty, 3);
    CHECK(many && many->count == 3 && many->first && solves(empty, *many->first));
    auto none = sudoku::count_solutions(CONFLICT);
    CHECK(none && none->count == 0 && !none->first);
    CHECK(sudoku::count_solutions(PUZZLE, 0).status() == sudoku::Status::invalid_argument);
    CHECK(sudoku::count_solutions(BAD_CHAR).status() == sudoku::Status::invalid_character);
    CHECK(sudoku::count_solutions(PUZZLE.substr(1)).status() == sudoku::Status::invalid_length);

    CHECK(sudoku::validate(PUZZLE).ok() && !sudoku::validate(PUZZLE).cell);
    CHECK(sudoku::validate(NO_SOLUTION));  // legal givens, even without a solution
    auto clash = sudoku::validate(CONFLICT);
    CHECK(!clash && clash.status == sudoku::Status::conflict && clash.cell == std::size_t{1});
    CHECK(std::strcmp(clash.message(), sudoku_status_str(SUDOKU_ERR_CONFLICT)) == 0);
    auto bad = sudoku::validate(*sudoku::to_board(BAD_CHAR));
    CHECK(bad.status == sudoku::Status::invalid_character && bad.cell == std::size_t{80});
    CHECK(sudoku::validate(std::string_view{}).status == sudoku::Status::invalid_length);
}

static void test_parse_and_format() {
    const sudoku::Format styles[] = {sudoku::Format::line, sudoku::Format::grid,
                                     sudoku::Format::bordered};
    // The sizes the header documents, NUL excluded: 81, 243 - 1 and 339 - 1.
    const std::size_t sizes[] = {81, 242, SUDOKU_FORMAT_MAX_SIZE - 1};
    for (int i = 0; i < 3; i++) {
        auto text = sudoku::format(PUZZLE, styles[i]);
        CHECK(text && text->size() == sizes[i]);
        std::size_t offset = 12345;
        auto back = sudoku::parse(*text, &offset);
        CHECK(back && sudoku::to_string(*back) == PUZZLE);
        CHECK(offset == 12345);  // untouched on success
    }
    CHECK(*sudoku::format(PUZZLE) == PUZZLE);
    CHECK(sudoku::format(PUZZLE, static_cast<sudoku::Format>(3)).status() ==
          sudoku::Status::invalid_argument);
    CHECK(sudoku::format(BAD_CHAR).status() == sudoku::Status::invalid_character);
    CHECK(sudoku::format(PUZZLE.substr(2)).status() == sudoku::Status::invalid_length);

    std::string pasted = std::string(PUZZLE) + "  # LeetCode 37\r\n";
    auto read = sudoku::parse(pasted);
    CHECK(read && sudoku::to_string(*read) == PUZZLE);
    std::size_t offset = 0;
    std::string stray = std::string(PUZZLE.substr(0, 30)) + "?" + std::string(PUZZLE.substr(31));
    CHECK(sudoku::parse(stray, &offset).status() == sudoku::Status::parse && offset == 30);
    CHECK(sudoku::parse(std::string_view{}, &offset).status() == sudoku::Status::parse &&
          offset == 0);
    CHECK(sudoku::parse(PUZZLE.substr(0, 80), &offset).status() == sudoku::Status::parse &&
          offset == 80);
}

static_assert(static_cast<int>(sudoku::MarksStyle::grid) == SUDOKU_MARKS_GRID);
static_assert(noexcept(sudoku::parse_marks(std::string_view{})));
static_assert(noexcept(sudoku::parse_sudokuwiki(std::string_view{})));
static_assert(noexcept(sudoku::parse_ss(std::string_view{})));

/* The candidates of PUZZLE, as sudoku_candidates() gives them. */
static sudoku::Marks puzzle_marks() {
    sudoku::Marks marks{};
    sudoku::Board board = *sudoku::to_board(PUZZLE);
    CHECK(sudoku_candidates(board.data(), marks.data()) == SUDOKU_OK);
    return marks;
}

static void test_formats() {
    sudoku::Board board = *sudoku::to_board(PUZZLE);
    sudoku::Marks marks = puzzle_marks();
    // Pencil marks round-trip in both styles; the grid's first row is the documented one.
    for (sudoku::MarksStyle style : {sudoku::MarksStyle::line, sudoku::MarksStyle::grid}) {
        auto text = sudoku::format_marks(board, marks, style);
        CHECK(text && (style == sudoku::MarksStyle::grid || text->size() == 729));
        auto back = sudoku::parse_marks(*text, &board);
        CHECK(back && back->board == board && back->marks == marks);
    }
    auto grid = sudoku::format_marks(board, marks);
    CHECK(grid && grid->find("\n| 5   3    124    | 26   7  2468 |") != std::string::npos);
    std::size_t offset = 12345;
    std::string bad = *grid;
    bad[bad.find("124") + 2] = '1';
    CHECK(sudoku::parse_marks(bad, nullptr, &offset).status() == sudoku::Status::parse &&
          offset == grid->find("124") + 2);
    CHECK(sudoku::parse_marks(std::string_view{}, nullptr, &offset).status() ==
              sudoku::Status::parse &&
          offset == 0);
    CHECK(sudoku::format_marks(board, marks, static_cast<sudoku::MarksStyle>(2)).status() ==
          sudoku::Status::invalid_argument);

    // A file of puzzles: a comment, a rating column, a bad line, then the end.
    std::string file = "# list\n" + std::string(PUZZLE) + " # 7.1\n" +
                       std::string(PUZZLE.substr(0, 80)) + "\n" + std::string(ANSWER);
    std::size_t at = 0;
    auto first = sudoku::next_puzzle(file, at);
    CHECK(first && *first && (*first)->puzzle == board && (*first)->columns == "# 7.1");
    std::size_t error = 0;
    CHECK(sudoku::next_puzzle(file, at, &error).status() == sudoku::Status::parse &&
          error == at + 80);
    at = file.find('\n', error) + 1;
    auto last = sudoku::next_puzzle(file, at);
    CHECK(last && *last && sudoku::to_string((*last)->puzzle) == ANSWER &&
          (*last)->columns.empty());
    auto end = sudoku::next_puzzle(file, at);
    CHECK(end && !*end && at == file.size());

    // SudokuWiki links: the puzzle's digits, and the whole position.
    auto link = sudoku::format_sudokuwiki(board);
    std::string digits(PUZZLE);
    for (char &c : digits) {
        c = c == '.' ? '0' : c;
    }
    CHECK(link && *link == "https://www.sudokuwiki.org/sudoku.htm?bd=" + digits);
    auto read = sudoku::parse_sudokuwiki(*link);
    CHECK(read && read->givens == board && read->board == board);
    auto full = sudoku::format_sudokuwiki(board, &board, &marks);
    auto position = full ? sudoku::parse_sudokuwiki(*full)
                         : sudoku::Result<sudoku::Position>(full.status());
    CHECK(position && position->givens == board);
    CHECK(sudoku::format_sudokuwiki(board, &board, nullptr).status() ==
          sudoku::Status::null_pointer);

    // The .ss layout, with the candidate grid: everything comes back.
    auto ss = sudoku::format_ss(board, &board, &marks);
    CHECK(ss && ss->rfind("*-----------*\n|53.|.7.|...|\n", 0) == 0);
    auto back = ss ? sudoku::parse_ss(*ss) : sudoku::Result<sudoku::Position>(ss.status());
    CHECK(back && back->givens == board && back->board == board && back->marks == marks);
    std::string broken = *sudoku::format_ss(board);
    broken[15] = '?';
    CHECK(sudoku::parse_ss(broken, &offset).status() == sudoku::Status::parse && offset == 15);
}

static std::size_t givens(const sudoku::Board &board) {
    std::size_t n = 0;
    for (char c : board) {
        n += c != '.';
    }
    return n;
}

static void test_generate_and_rate() {
    auto first = sudoku::generate(7);
    CHECK(first.ok());
    if (!first) {
        return;
    }
    const std::string puzzle = sudoku::to_string(first->puzzle);
    auto count = sudoku::count_solutions(first->puzzle);
    CHECK(count && count->count == 1 && count->first == first->solution);
    CHECK(solves(puzzle, first->solution));
    auto again = sudoku::generate(7, sudoku::generate_options());
    CHECK(again && again->puzzle == first->puzzle && again->solution == first->solution);
    CHECK(sudoku::generate(8)->puzzle != first->puzzle);

    sudoku::GenerateOptions options = sudoku::generate_options();
    CHECK(options.size == sizeof options && options.minimal == 1 && options.max_attempts == 1000);
    options.symmetry = SUDOKU_SYMMETRY_ROTATE_180;
    options.min_level = SUDOKU_LEVEL_HARD;
    options.max_level = SUDOKU_LEVEL_HARD;
    auto hard = sudoku::generate(7, options);
    CHECK(hard.ok());
    if (hard) {
        for (std::size_t c = 0; c < sudoku::cells; c++) {
            CHECK((hard->puzzle[c] == '.') == (hard->puzzle[80 - c] == '.'));
        }
        auto rating = sudoku::rate(hard->puzzle);
        CHECK(rating && rating->level == SUDOKU_LEVEL_HARD && !rating->needs_search);
        if (rating) {
            CHECK(rating->score_tenths == rating->er_tenths &&
                  rating->er_tenths >= sudoku::technique_score(rating->hardest_technique) &&
                  rating->ed_tenths <= rating->ep_tenths && rating->ep_tenths <= rating->er_tenths);
            CHECK(rating->hardest_name[0] != '\0' &&
                  std::memchr(rating->hardest_name, '\0', sizeof rating->hardest_name) != nullptr);
            std::uint32_t steps = 0;
            for (std::uint32_t n : rating->technique_steps) {
                steps += n;
            }
            CHECK(rating->steps == steps && rating->hardest_technique >= 0 &&
                  rating->technique_steps[rating->hardest_technique] > 0);
        }
    }

    options = sudoku::generate_options();
    options.min_givens = 81;
    options.max_attempts = 2;
    CHECK(sudoku::generate(1, options).status() == sudoku::Status::attempts_exhausted);
    options.minimal = 0;
    auto full = sudoku::generate(1, options);
    CHECK(full && givens(full->puzzle) == 81 && full->puzzle == full->solution);
    options = sudoku::generate_options();
    options.min_level = SUDOKU_LEVEL_EXPERT;
    options.max_level = SUDOKU_LEVEL_EASY;
    CHECK(sudoku::generate(1, options).status() == sudoku::Status::invalid_argument);
    options = sudoku::generate_options();
    options.size = 4;
    CHECK(sudoku::generate(1, options).status() == sudoku::Status::invalid_argument);

    auto easy = sudoku::rate(PUZZLE);
    CHECK(easy && easy->level == SUDOKU_LEVEL_EASY && easy->needs_search == 0 &&
          easy->guesses == 0);
    CHECK(easy && std::strcmp(sudoku::level_name(easy->level), "easy") == 0);
    CHECK(std::strcmp(sudoku::technique_name(SUDOKU_TECHNIQUE_X_WING), "X-Wing") == 0);
    CHECK(sudoku::technique_score(99) == -1);
    CHECK(sudoku::rate(std::string(81, '.')).status() == sudoku::Status::multiple_solutions);
    CHECK(sudoku::rate(CONFLICT).status() == sudoku::Status::conflict);
    CHECK(sudoku::rate(NO_SOLUTION).status() == sudoku::Status::no_solution);
    CHECK(sudoku::rate(PUZZLE.substr(1)).status() == sudoku::Status::invalid_length);

    // A budget too small for a puzzle that needs chains (SE 7.1), then the default one.
    const std::string_view chains =
        "3..6..9.4..6.851..41.....6..4..2...6.8.5.3.7.6...7..9..7.....49..274.6..8.4..9..5";
    sudoku::RateOptions tiny = sudoku::rate_options();
    tiny.max_effort = 1;
    CHECK(sudoku::rate(chains, tiny).status() == sudoku::Status::budget_exhausted);
    auto rated = sudoku::rate(chains);
    CHECK(rated && rated->level == SUDOKU_LEVEL_EXPERT && rated->er_tenths >= 65);
    tiny.size = 4;
    CHECK(sudoku::rate(chains, tiny).status() == sudoku::Status::invalid_argument);
}

static void test_hint() {
    // Without the puzzle: a step placing the solution's digit.
    auto step = sudoku::hint(PUZZLE);
    CHECK(step && step->kind == SUDOKU_HINT_STEP && step->technique >= 0 && step->cell >= 0);
    if (step && step->cell >= 0) {
        CHECK(ANSWER[static_cast<std::size_t>(step->cell)] == '0' + step->digit);
        CHECK(step->placements[step->cell] == step->digit);
    }
    CHECK(step && step->difficulty_tenths >= sudoku::technique_score(step->technique) &&
          step->se_name[0] != '\0');
    CHECK(sudoku::hint(ANSWER)->kind == SUDOKU_HINT_SOLVED);

    // A wrong entry, named with the puzzle.
    const sudoku::Board puzzle = *sudoku::to_board(PUZZLE);
    sudoku::Board board = puzzle;
    board[2] = ANSWER[2] == '9' ? '1' : static_cast<char>(ANSWER[2] + 1);
    auto wrong = sudoku::hint(board, &puzzle);
    CHECK(wrong && wrong->kind == SUDOKU_HINT_WRONG_DIGIT && wrong->cell == 2 &&
          wrong->digit == board[2] - '0');

    // Pencil marks that exclude the solution's digit of cell 2.
    sudoku::Marks marks{};
    marks[2] = static_cast<std::uint16_t>(0x1ff & ~(1u << (ANSWER[2] - '1')));
    auto mark = sudoku::hint(puzzle, &puzzle, &marks);
    CHECK(mark && mark->kind == SUDOKU_HINT_WRONG_MARK && mark->cell == 2 &&
          mark->digit == ANSWER[2] - '0');
    auto via_text = sudoku::hint(PUZZLE, PUZZLE, &marks);
    CHECK(via_text && via_text->kind == SUDOKU_HINT_WRONG_MARK);
    marks[2] = 0x200;
    CHECK(sudoku::hint(puzzle, nullptr, &marks).status() == sudoku::Status::invalid_argument);

    // A board that changed a given.
    board = puzzle;
    board[0] = '.';
    CHECK(sudoku::hint(board, &puzzle).status() == sudoku::Status::invalid_argument);
    CHECK(sudoku::hint(std::string(81, '.')).status() == sudoku::Status::multiple_solutions);
    CHECK(sudoku::hint(PUZZLE, PUZZLE.substr(1)).status() == sudoku::Status::invalid_length);
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
    try {
        (void)sudoku::rate(std::string(81, '.')).value();
        CHECK(false);
    } catch (const sudoku::Error &e) {
        CHECK(e.status() == sudoku::Status::multiple_solutions);
    }
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
    test_count_and_validate();
    test_parse_and_format();
    test_formats();
    test_generate_and_rate();
    test_hint();
    const char *exceptions = test_exceptions();
    if (failures != 0) {
        std::fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    std::printf("%d checks passed (exceptions %s)\n", checks, exceptions);
    return 0;
}
