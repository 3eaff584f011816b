//! Solver benchmark: libsudoku through its C ABI against the fastest peers, in the two ways
//! solvers are benchmarked: find one solution (`sudoku_solve`), and count up to 2
//! (`sudoku_count_solutions(board, 2, ..)`, the uniqueness check).
//!
//! Peers: the `sudoku` crate 0.8 (a JCZ-style band solver, a dev-dependency) always; and, when
//! `$SUDOKU_PEERS` names a directory of built peers or `../shared/peers` exists beside the
//! checkout (built on demand, see `peers/mod.rs`), tdoku (for each CPU tier), fastdoku and
//! FastBandSolver, loaded with `dlopen`.
//!
//! For each corpus it makes `SUDOKU_BENCH_N` (default 3000) random isomorphs of its puzzles
//! (relabelled digits, permuted rows, bands, columns, stacks, and transposed; seed
//! `SUDOKU_BENCH_SEED`), the same for every solver. For each mode, `SUDOKU_BENCH_ROUNDS` rounds
//! (default 7) each run every solver over every isomorph in blocks of [`BLOCK`] puzzles, every
//! solver on the same block in turn, the order rotating from block to block, so that all meet
//! the same machine conditions. The rounds are interleaved across sets and modes (round 1 of
//! each, then round 2, ...; see [`race_all`]), so one race's rounds are spread over the run.
//! Every answer is checked outside the timed region: a solution must keep the givens and the
//! rules, a count must equal the `sudoku` crate's (computed beforehand, untimed). Reported: the median over rounds of µs per puzzle, the median of the
//! rounds' ratios ours / peer (below 1: ours faster), and against the fastest peer also the
//! ratio of the per-block fastest rounds summed ("block-min", which a preempted round cannot
//! spoil). A wrong answer from anyone makes the
//! benchmark exit non-zero; nothing is asserted about time.
//!
//! The first table uses the kernel the library picks at run time; then one table per CPU tier
//! (`SUDOKU_KERNEL=<tier>`, in a child process each) against tdoku built for the same tier;
//! tiers this CPU cannot run are reported as NOT RUN. `SUDOKU_BENCH_TIERS=none` (or a comma list
//! of tier names) limits them.
//!
//! Run: `cargo bench --bench solvers` (add `-- <name-substring>` to pick sets). A smoke run that
//! only checks answers: `SUDOKU_BENCH_N=100 SUDOKU_BENCH_ROUNDS=1 cargo bench --bench solvers`.
//! Corpus directory: `SUDOKU_PUZZLES`, default `data/puzzles`.

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;

use std::hint::black_box;
use std::process::{Command, ExitCode};
use std::time::Instant;

use common::{Rng, is_solution_of, isomorph, read_puzzles};
use peers::Peer;
use sudoku_engine::Kernel;
use sudoku_peer::Sudoku;

/// (label, file)
const SETS: &[(&str, &str)] = &[
    ("unbiased", "puzzles1_unbiased_first1000.txt"),
    ("17-clue", "puzzles2_17_clue.txt"),
    ("serg", "puzzles7_serg_benchmark.txt"),
    ("top1465", "puzzles3_magictour_top1465.txt"),
    ("hardest 11+", "puzzles5_forum_hardest_1905_11+.txt"),
    ("hardest 1106", "puzzles6_forum_hardest_1106.txt"),
    ("msolve", "extra_msolve_hardest_to_solve_from_1905.txt"),
];

/// The targets: ours ≤ 0.85 × the fastest peer with the default kernel, and each tier
/// ≤ 1.0 × tdoku built for the same tier. Marked in the tables; not asserted.
const TARGET_DEFAULT: f64 = 0.85;
const TARGET_TIER: f64 = 1.0;

/// Puzzles timed in one go before the next solver takes the same block.
const BLOCK: usize = 50;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Solve,
    Count2,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Solve => "1 solution",
            Mode::Count2 => "count 2",
        }
    }
}

enum Solver<'a> {
    Ours,
    Crate,
    Peer(&'a Peer),
}

impl Solver<'_> {
    fn name(&self) -> &str {
        match self {
            Solver::Ours => "ours",
            Solver::Crate => "crate",
            Solver::Peer(p) => p.name,
        }
    }

    /// Runs one puzzle: in solve mode returns 1 on success with the solution in `out`, in
    /// count mode the count (up to 2).
    fn run(&self, mode: Mode, puzzle: &[u8; 82], out: &mut [u8; 82]) -> usize {
        match (self, mode) {
            (Solver::Ours, Mode::Solve) => {
                out.copy_from_slice(puzzle);
                // SAFETY: `out` holds 81 writable bytes.
                let status = unsafe { sudoku::sudoku_solve(out.as_mut_ptr().cast()) };
                usize::from(status == 0)
            }
            (Solver::Ours, Mode::Count2) => {
                let mut count = 0usize;
                // SAFETY: `puzzle` is 81 readable bytes, `count` writable; `out_first` may be
                // NULL.
                let status = unsafe {
                    sudoku::sudoku_count_solutions(
                        puzzle.as_ptr().cast(),
                        2,
                        &mut count,
                        std::ptr::null_mut(),
                    )
                };
                if status == 0 { count } else { usize::MAX }
            }
            (Solver::Crate, Mode::Solve) => {
                // The crate parses from a &str, as the published comparisons do.
                let line = std::str::from_utf8(&puzzle[..81]).unwrap();
                match Sudoku::from_str_line(line)
                    .ok()
                    .and_then(|s| s.some_solution())
                {
                    Some(solution) => {
                        let bytes = solution.to_bytes();
                        for (o, b) in out.iter_mut().zip(bytes) {
                            *o = b'0' + b;
                        }
                        1
                    }
                    None => 0,
                }
            }
            (Solver::Crate, Mode::Count2) => {
                let line = std::str::from_utf8(&puzzle[..81]).unwrap();
                Sudoku::from_str_line(line).map_or(usize::MAX, |s| s.solutions_count_up_to(2))
            }
            (Solver::Peer(p), Mode::Solve) => p.run(puzzle, 1, out),
            (Solver::Peer(p), Mode::Count2) => p.run(puzzle, 2, out),
        }
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a valid value")),
        Err(_) => default,
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// One solver's figures from a race.
struct Figures {
    /// Median over rounds of µs per puzzle.
    us: f64,
    /// Median of the rounds' ratios ours / this solver.
    ratio: f64,
    /// The same ratio from each block's fastest round, summed over blocks: robust to the
    /// preemptions of a shared machine.
    ratio_min: f64,
}

/// The timings of one race (one set, one mode) so far: per round and solver, seconds over the
/// whole set; per block and solver, the fastest round's seconds.
struct Race {
    mode: Mode,
    seconds: Vec<Vec<f64>>,
    fastest: Vec<Vec<f64>>,
}

impl Race {
    fn new(mode: Mode, solvers: usize, rounds: usize, puzzles: usize) -> Race {
        Race {
            mode,
            seconds: vec![vec![0.0; solvers]; rounds],
            fastest: vec![vec![f64::INFINITY; solvers]; puzzles.div_ceil(BLOCK)],
        }
    }

    /// Runs round `round`: every solver on each block in turn, the order rotating from block to
    /// block and from round to round. Adds wrong answers to `wrong`, printing the first few.
    fn round(
        &mut self,
        round: usize,
        solvers: &[Solver],
        puzzles: &[[u8; 82]],
        counts: &[usize],
        wrong: &mut usize,
    ) {
        let (n, mode) = (solvers.len(), self.mode);
        let time = &mut self.seconds[round];
        let mut out = [[0u8; 82]; BLOCK];
        let mut got = [0usize; BLOCK];
        for (b, block) in puzzles.chunks(BLOCK).enumerate() {
            let first = BLOCK * b;
            for turn in 0..n {
                let s = (turn + b + round) % n;
                let solver = &solvers[s];
                let start = Instant::now();
                for (i, p) in block.iter().enumerate() {
                    got[i] = solver.run(mode, black_box(p), &mut out[i]);
                }
                let t = start.elapsed().as_secs_f64();
                time[s] += t;
                self.fastest[b][s] = self.fastest[b][s].min(t);
                for (i, p) in block.iter().enumerate() {
                    let ok = match mode {
                        Mode::Solve => {
                            got[i] == 1
                                && is_solution_of(
                                    out[i][..81].try_into().unwrap(),
                                    p[..81].try_into().unwrap(),
                                )
                        }
                        Mode::Count2 => got[i] == counts[first + i],
                    };
                    if !ok {
                        *wrong += 1;
                        if *wrong <= 10 {
                            eprintln!(
                                "WRONG ANSWER from {} ({}): {} gave {}",
                                solver.name(),
                                mode.name(),
                                String::from_utf8_lossy(&p[..81]),
                                if mode == Mode::Solve {
                                    String::from_utf8_lossy(&out[i][..81]).into_owned()
                                } else {
                                    format!("{} (expected {})", got[i], counts[first + i])
                                }
                            );
                        }
                    }
                }
            }
        }
    }

    /// Per solver (solver 0 is ours) its [`Figures`].
    fn figures(&self, puzzles: usize) -> Vec<Figures> {
        let per_puzzle = 1e6 / puzzles as f64;
        let min = |k: usize| self.fastest.iter().map(|f| f[k]).sum::<f64>();
        (0..self.seconds[0].len())
            .map(|s| {
                let mut us: Vec<f64> = self.seconds.iter().map(|t| t[s] * per_puzzle).collect();
                let mut ratios: Vec<f64> = self.seconds.iter().map(|t| t[0] / t[s]).collect();
                Figures {
                    us: median(&mut us),
                    ratio: median(&mut ratios),
                    ratio_min: min(0) / min(s),
                }
            })
            .collect()
    }
}

/// Races `solvers` on every selected set in both modes and returns each race's figures, in
/// the order of [`SETS`], first solution before count 2. The rounds are interleaved: round 1
/// of every set and mode, then round 2, and so on, so that the rounds of one race are spread
/// over the whole run and a disturbance of the machine lasting seconds spoils one round of
/// several races, which block-min discards, rather than every round of one.
fn race_all(
    solvers: &[Solver],
    filters: &[String],
    n: usize,
    rounds: usize,
    seed: u64,
    wrong: &mut usize,
) -> Vec<(&'static str, Mode, Vec<Figures>)> {
    // Per selected set: its label, isomorphs and counts; then one race per set and mode.
    let sets: Vec<(&'static str, Corpus)> = SETS
        .iter()
        .filter(|(l, _)| selected(filters, l))
        .map(|&(label, file)| (label, corpus(file, n, seed)))
        .collect();
    let mut races: Vec<(&(&str, Corpus), Race)> = sets
        .iter()
        .flat_map(|set| {
            [Mode::Solve, Mode::Count2].map(|m| {
                (
                    set,
                    Race::new(m, solvers.len(), rounds, set.1.puzzles.len()),
                )
            })
        })
        .collect();
    for round in 0..rounds {
        for ((_, set), race) in &mut races {
            race.round(round, solvers, &set.puzzles, &set.counts, wrong);
        }
    }
    races
        .iter()
        .map(|((label, set), race)| (*label, race.mode, race.figures(set.puzzles.len())))
        .collect()
}

/// A corpus's isomorphs (82 bytes each: `.` for blanks and a NUL, as tdoku reads) and their
/// solution counts up to 2 by the `sudoku` crate.
struct Corpus {
    puzzles: Vec<[u8; 82]>,
    counts: Vec<usize>,
}

/// The [`Corpus`] of `n` random isomorphs of the puzzles in `file`.
fn corpus(file: &str, n: usize, seed: u64) -> Corpus {
    let source = read_puzzles(file);
    let mut rng = Rng(seed ^ file.len() as u64);
    let puzzles: Vec<[u8; 82]> = (0..n)
        .map(|i| {
            let p = isomorph(&mut rng, &source[i % source.len()], b'.');
            let mut q = [0u8; 82];
            q[..81].copy_from_slice(&p);
            q
        })
        .collect();
    let mut out = [0u8; 82];
    let counts = puzzles
        .iter()
        .map(|p| Solver::Crate.run(Mode::Count2, p, &mut out))
        .collect();
    Corpus { puzzles, counts }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// Today's date (UTC) as YYYY-MM-DD.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn selected(filters: &[String], label: &str) -> bool {
    filters.is_empty() || filters.iter().any(|f| label.contains(f.as_str()))
}

/// The default table: ours with the run-time kernel against every peer.
fn default_table(
    filters: &[String],
    n: usize,
    rounds: usize,
    seed: u64,
    loaded: &[Peer],
    wrong: &mut usize,
) {
    let mut solvers = vec![Solver::Ours];
    for name in ["tdoku", "fastdoku", "fastband"] {
        if let Some(p) = loaded.iter().find(|p| p.name == name) {
            solvers.push(Solver::Peer(p));
        }
    }
    solvers.push(Solver::Crate);
    print!("| set | mode | ours µs |");
    for s in &solvers[1..] {
        print!(" {0} µs | ours/{0} | block-min |", s.name());
    }
    println!(" ours/fastest peer | same, block-min | ≤ {TARGET_DEFAULT} |");
    print!("|---|---|---:|");
    for _ in &solvers[1..] {
        print!("---:|---:|---:|");
    }
    println!("---:|---:|---|");
    for (label, mode, r) in race_all(&solvers, filters, n, rounds, seed, wrong) {
        print!("| {label} | {} | {:.2} |", mode.name(), r[0].us);
        for f in &r[1..] {
            print!(" {:.2} | {:.2} | {:.2} |", f.us, f.ratio, f.ratio_min);
        }
        // Against the fastest of the C peers (the crate only stands in when no peer is
        // built): the largest ratio.
        let peers: Vec<&Figures> = r[1..]
            .iter()
            .zip(&solvers[1..])
            .filter(|(_, s)| !matches!(s, Solver::Crate) || solvers.len() == 2)
            .map(|(f, _)| f)
            .collect();
        let worst = peers.iter().map(|f| f.ratio).fold(0.0f64, f64::max);
        let worst_min = peers.iter().map(|f| f.ratio_min).fold(0.0f64, f64::max);
        let mark = if worst <= TARGET_DEFAULT {
            "ok"
        } else {
            "MISS"
        };
        println!(" {worst:.2} | {worst_min:.2} | {mark} |");
    }
}

/// One tier's table (run in a child process with `SUDOKU_KERNEL` set): ours against tdoku
/// built for the same tier.
fn tier_table(
    filters: &[String],
    n: usize,
    rounds: usize,
    seed: u64,
    loaded: &[Peer],
    wrong: &mut usize,
) {
    let kernel = Kernel::detect();
    let tdoku = peers::tdoku_for(kernel.name());
    let mut solvers = vec![Solver::Ours];
    match loaded.iter().find(|p| p.name == tdoku) {
        Some(p) => solvers.push(Solver::Peer(p)),
        None => solvers.push(Solver::Crate),
    }
    let other = solvers[1].name().to_string();
    println!(
        "\n### Tier {} (SUDOKU_KERNEL={})\n",
        kernel.name(),
        kernel.name()
    );
    println!(
        "| set | mode | ours µs | {other} µs | ours/{other} | same, block-min | ≤ {TARGET_TIER} |"
    );
    println!("|---|---|---:|---:|---:|---:|---|");
    for (label, mode, r) in race_all(&solvers, filters, n, rounds, seed, wrong) {
        let mark = if r[1].ratio <= TARGET_TIER {
            "ok"
        } else {
            "MISS"
        };
        println!(
            "| {label} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {mark} |",
            mode.name(),
            r[0].us,
            r[1].us,
            r[1].ratio,
            r[1].ratio_min
        );
    }
}

fn main() -> ExitCode {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let seed: u64 = env_or("SUDOKU_BENCH_SEED", 20261129);
    let n: usize = env_or("SUDOKU_BENCH_N", 3000);
    let rounds: usize = env_or("SUDOKU_BENCH_ROUNDS", 7).max(1);
    let child = std::env::var_os("SUDOKU_BENCH_TIER_CHILD").is_some();
    let dir = peers::directory();
    let loaded = dir.as_deref().map(peers::load).unwrap_or_default();
    let mut wrong = 0usize;

    if child {
        tier_table(&filters, n, rounds, seed, &loaded, &mut wrong);
        return if wrong == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }

    println!(
        "libsudoku {} on {} ({} cores), {}; default kernel {}",
        env!("CARGO_PKG_VERSION"),
        cpu_model(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        today(),
        Kernel::detect().name()
    );
    println!(
        "{n} random isomorphs per set (seed {seed}), {rounds} rounds, every solver on each block \
         of {BLOCK} in turn; medians in µs per puzzle, ratio = median of the rounds' ours/peer \
         (below 1: ours faster); every answer checked"
    );
    match &dir {
        Some(d) => {
            for p in &loaded {
                println!("peer {}: {}", p.name, p.path.display());
            }
            if loaded.is_empty() {
                println!("no peer could be loaded from {}", d.display());
            }
        }
        None => println!("no peers (set SUDOKU_PEERS or place ../shared/peers): the crate only"),
    }
    println!("\n### Default kernel ({})\n", Kernel::detect().name());
    default_table(&filters, n, rounds, seed, &loaded, &mut wrong);

    let tiers = std::env::var("SUDOKU_BENCH_TIERS").unwrap_or_default();
    for kernel in Kernel::ALL.into_iter().rev() {
        let wanted = tiers.is_empty() || tiers.split(',').any(|t| t == kernel.name());
        if !wanted || tiers == "none" {
            continue;
        }
        if !kernel.is_available() {
            println!(
                "\n### Tier {}: NOT RUN (this CPU lacks its instructions)",
                kernel.name()
            );
            continue;
        }
        let exe = std::env::current_exe().expect("the benchmark's own path");
        let status = Command::new(exe)
            .args(std::env::args().skip(1))
            .env("SUDOKU_KERNEL", kernel.name())
            .env("SUDOKU_BENCH_TIER_CHILD", "1")
            .envs(dir.iter().map(|d| ("SUDOKU_PEERS", d.as_os_str())))
            .status();
        if !status.is_ok_and(|s| s.success()) {
            eprintln!(
                "tier {}: wrong answers or a failure (see above)",
                kernel.name()
            );
            wrong += 1;
        }
    }
    println!();
    if wrong == 0 {
        println!("every answer checked and right");
        ExitCode::SUCCESS
    } else {
        println!("{wrong} WRONG ANSWER(S) or failed tier runs");
        ExitCode::FAILURE
    }
}
