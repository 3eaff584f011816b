//! The Sudoku Explainer rater against the reference jar, per SE band: one core, the same
//! puzzles, one table.
//!
//! ```sh
//! cargo bench --bench rate                              # up to 40 puzzles per SE value
//! cargo bench --bench rate -- --per-value 2 --rounds 2  # a quick look
//! cargo bench --bench rate -- --no-jar                  # ours alone
//! cargo bench --bench rate -- --list                    # print the sample (puzzle, SE rating)
//! ```
//!
//! The sample: puzzles grouped by their SE rating (the file's second column: `ER` or
//! `ER/EP/ED`), up to `--per-value` of each value (default 40), picked by a fixed seed
//! (`SUDOKU_BENCH_SEED`). The file: `SUDOKU_SE_BANK` if set, else the training half of the
//! puzzle bank beside this checkout (`../shared/ratings/se_bank_train.tsv`, not part of the
//! project) if it is there, else the committed `data/ratings/se_sample.tsv`. A puzzle's band is
//! that rating (the reference rater's ER: the jar reproduces the bank's ratings).
//!
//! Ours: [`sudoku_engine::se::rate`] with the default options, one thread, one untimed pass
//! over the sample (the ratings). The jar (Sukaku Explainer 1.15.10, `SE_JAR`, default
//! `../shared/tools/sukaku-explainer/SukakuExplainer.jar` beside this checkout): one JVM runs
//! `benches/se/SeTiming.java` (our harness, compiled into the target directory), which sets the
//! rater up as the jar's command line does and rates the whole sample once untimed to warm the
//! JVM. Then, 20 puzzles at a time, the jar rates them once each, back to back (timed in the JVM
//! with `System.nanoTime()`; serate's own `%e` has 10 ms steps), and ours `--rounds` times
//! (default 5, round robin; a puzzle's time is its median), so that both meet the same machine
//! conditions. Without Java or
//! the jar, or with `--no-jar`, the table says the jar was NOT RUN.
//!
//! The process pins itself (and so the JVM it starts) to one CPU with `taskset` when that is
//! available (`SUDOKU_BENCH_CPU`, default the last one). Nothing here asserts a time; the bench exits 1
//! only when one of our ratings fails (an error, a budget run out) or is off the reference's
//! ER by a whole point or more.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_engine::Board;
use sudoku_engine::se::{Options, RateError, rate};

/// The bands of the table: (lowest, highest SE value in tenths, label). The last two are the
/// issue's targets (median ≤ 0.3 ms below 7.0, ≤ 5 ms for 7.0–9.3).
const BANDS: [(u32, u32, &str); 9] = [
    (10, 39, "1.0-3.9"),
    (40, 59, "4.0-5.9"),
    (60, 69, "6.0-6.9"),
    (70, 79, "7.0-7.9"),
    (80, 89, "8.0-8.9"),
    (90, 93, "9.0-9.3"),
    (10, 69, "below 7.0"),
    (70, 93, "7.0-9.3"),
    (0, 999, "all"),
];

/// Puzzles rated by the jar, then by ours, at a time: few enough that both meet the same
/// machine conditions, enough that each runs undisturbed (back to back, as it does alone).
const CHUNK: usize = 20;

/// A wrong ER by this much (tenths) or more is a failure, not a deviation.
const WILD_TENTHS: u32 = 10;

struct Puzzle {
    text: String,
    board: Board,
    /// The sample file's rating (tenths): the band.
    label: u32,
}

/// One puzzle's results.
#[derive(Default)]
struct Result {
    /// Our rating (ER, EP, ED) or why there is none.
    ours: Option<std::result::Result<[u32; 3], String>>,
    /// Our time: the median over the rounds.
    ours_time: Duration,
    /// The jar's rating and time, when it ran.
    jar: Option<([u32; 3], Duration)>,
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a valid value")),
        Err(_) => default,
    }
}

/// splitmix64: a small seeded generator for the sample's choice.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The sample file, and where it came from.
fn sample_file() -> PathBuf {
    if let Some(f) = std::env::var_os("SUDOKU_SE_BANK") {
        return PathBuf::from(f);
    }
    let bank = root().join("../shared/ratings/se_bank_train.tsv");
    if bank.is_file() {
        return bank;
    }
    root().join("data/ratings/se_sample.tsv")
}

/// A rating as SE prints it ("7.3") in tenths.
fn parse_tenths(s: &str) -> Option<u32> {
    let (whole, tenth) = s.trim().split_once('.')?;
    let (whole, tenth): (u32, u32) = (whole.parse().ok()?, tenth.parse().ok()?);
    (tenth < 10).then_some(whole * 10 + tenth)
}

/// Up to `per_value` puzzles of every SE value in `file`, chosen by `seed`, by rising value.
fn load_sample(file: &Path, per_value: usize, seed: u64) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("{}: {e} (set SUDOKU_SE_BANK)", file.display()));
    let mut by_value: BTreeMap<u32, Vec<(String, Board)>> = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.len() < 81 {
            continue;
        }
        let mut cols = line.split('\t');
        let puzzle = cols.next().unwrap_or("");
        let Some(label) = cols
            .next()
            .and_then(|r| parse_tenths(r.split('/').next().unwrap_or("")))
        else {
            continue;
        };
        let Some(puzzle) = puzzle.get(..81) else {
            continue;
        };
        let board: Board = puzzle
            .parse()
            .unwrap_or_else(|e| panic!("{}: bad puzzle {puzzle}: {e}", file.display()));
        by_value
            .entry(label)
            .or_default()
            .push((puzzle.to_string(), board));
    }
    let mut sample = Vec::new();
    for (value, mut group) in by_value {
        let mut rng = Rng(seed ^ u64::from(value).wrapping_mul(0x0100_0000_01b3));
        let take = per_value.min(group.len());
        for i in 0..take {
            let j = i + rng.below(group.len() - i);
            group.swap(i, j);
        }
        sample.extend(group.into_iter().take(take).map(|(text, board)| Puzzle {
            text,
            board,
            label: value,
        }));
    }
    sample
}

/// Pins this process (and the processes it starts) to `cpu` with `taskset`; false if that
/// could not be done.
fn pin(cpu: usize) -> bool {
    Command::new("taskset")
        .args(["-cp", &cpu.to_string(), &std::process::id().to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The CPU model and the number of logical CPUs, from /proc/cpuinfo.
fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|l| l.split_once(':'))
        .map_or("unknown CPU", |(_, m)| m.trim())
        .to_string();
    let cpus = info.lines().filter(|l| l.starts_with("processor")).count();
    format!("{model}, {cpus} logical CPUs")
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Today's date (UTC), yyyy-mm-dd.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (proleptic Gregorian, eras of 400 years).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

fn rate_ours(p: &Puzzle) -> std::result::Result<[u32; 3], String> {
    match rate(&p.board, Options::default()) {
        Ok(r) => Ok([r.er_tenths, r.ep_tenths, r.ed_tenths]),
        Err(RateError::Board(e)) => Err(format!("board: {e}")),
        Err(RateError::BudgetExhausted { .. }) => Err("budget exhausted".into()),
        Err(RateError::Stuck { .. }) => Err("no rule applies".into()),
    }
}

fn jar_path() -> PathBuf {
    std::env::var_os("SE_JAR").map_or_else(
        || root().join("../shared/tools/sukaku-explainer/SukakuExplainer.jar"),
        PathBuf::from,
    )
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// The reference rater in one JVM (`benches/se/SeTiming.java`), warmed on the sample.
struct Jar {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Jar {
    /// Compiles the harness, starts the JVM and has it rate the sample once untimed.
    fn start(sample: &[Puzzle]) -> std::result::Result<Jar, String> {
        let jar = jar_path();
        if !jar.is_file() {
            return Err(format!("no jar at {} (set SE_JAR)", jar.display()));
        }
        let source = root().join("benches/se/SeTiming.java");
        let classes = target_dir().join("se-bench-java");
        std::fs::create_dir_all(&classes).map_err(|e| format!("{}: {e}", classes.display()))?;
        let compiled = Command::new("javac")
            .arg("-cp")
            .arg(&jar)
            .arg("-d")
            .arg(&classes)
            .arg(&source)
            .status()
            .is_ok_and(|s| s.success());
        // Without javac, Java 11+ runs a single source file itself.
        let main: &Path = if compiled {
            Path::new("SeTiming")
        } else {
            &source
        };
        let mut child = Command::new("java")
            .arg("-Xmx1g")
            .arg("-Djava.awt.headless=true")
            .arg(format!(
                "-Djava.util.prefs.userRoot={}",
                classes.join("prefs").display()
            ))
            .arg("-cp")
            .arg(format!("{}:{}", jar.display(), classes.display()))
            .arg(main)
            .arg("1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("java: {e}"))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut jar = Jar {
            child,
            stdin,
            stdout,
        };
        let mut list = String::new();
        for p in sample {
            list.push_str(&p.text);
            list.push('\n');
        }
        list.push('\n');
        jar.stdin
            .write_all(list.as_bytes())
            .and_then(|()| jar.stdin.flush())
            .map_err(|e| format!("java stdin: {e}"))?;
        eprintln!("rate: the jar's warm-up pass over the sample...");
        let line = jar.line()?;
        if line != format!("warm {}", sample.len()) {
            return Err(format!("unexpected line from the jar: {line}"));
        }
        Ok(jar)
    }

    fn line(&mut self) -> std::result::Result<String, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(format!(
                "java stopped ({})",
                self.child
                    .wait()
                    .map_or_else(|e| e.to_string(), |s| s.to_string())
            )),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("java stdout: {e}")),
        }
    }

    /// The jar's ER, EP, ED (tenths) and time for each of `chunk`, rated back to back.
    fn rate(&mut self, chunk: &[Puzzle]) -> std::result::Result<Vec<([u32; 3], Duration)>, String> {
        let mut lines = String::new();
        for p in chunk {
            lines.push_str(&p.text);
            lines.push('\n');
        }
        self.stdin
            .write_all(lines.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("java stdin: {e}"))?;
        let mut out = Vec::with_capacity(chunk.len());
        for p in chunk {
            let line = self.line()?;
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 5 || f[0] != p.text {
                return Err(format!(
                    "unexpected line from the jar for {}: {line}",
                    p.text
                ));
            }
            let num = |s: &str| {
                s.parse::<u64>()
                    .map_err(|_| format!("bad jar line: {line}"))
            };
            let tenths = [num(f[1])? as u32, num(f[2])? as u32, num(f[3])? as u32];
            out.push((tenths, Duration::from_nanos(num(f[4])?)));
        }
        Ok(out)
    }

    fn finish(mut self) {
        drop(self.stdin);
        let _ = self.child.wait();
    }
}

/// Rates the sample with ours (untimed, the ratings), then, [`CHUNK`] puzzles at a time, with
/// the jar once (back to back) and ours `rounds` times (round robin over the chunk), so that
/// both meet the same machine conditions. The error says why the jar did not run
/// (`results[..].jar` is then `None` everywhere).
fn run(
    sample: &[Puzzle],
    rounds: usize,
    use_jar: bool,
    results: &mut [Result],
) -> std::result::Result<(), String> {
    for (p, r) in sample.iter().zip(results.iter_mut()) {
        r.ours = Some(rate_ours(p));
    }
    let mut jar = if use_jar {
        Jar::start(sample).map(Some)
    } else {
        Err("--no-jar".to_string())
    };
    let mut done = 0;
    for (chunk, res) in sample.chunks(CHUNK).zip(results.chunks_mut(CHUNK)) {
        if let Ok(Some(j)) = &mut jar {
            match j.rate(chunk) {
                Ok(x) => {
                    for (r, x) in res.iter_mut().zip(x) {
                        r.jar = Some(x);
                    }
                }
                Err(e) => jar = Err(e),
            }
        }
        let mut times = vec![Vec::with_capacity(rounds); chunk.len()];
        for _ in 0..rounds {
            for (p, t) in chunk.iter().zip(times.iter_mut()) {
                let start = Instant::now();
                let rating = rate(&p.board, Options::default());
                t.push(start.elapsed());
                std::hint::black_box(rating.ok());
            }
        }
        for (t, r) in times.iter_mut().zip(res.iter_mut()) {
            t.sort();
            r.ours_time = t[t.len() / 2];
        }
        done += chunk.len();
        if done % (10 * CHUNK) == 0 {
            eprintln!("rate: {done}/{} timed", sample.len());
        }
    }
    match jar {
        Ok(j) => {
            if let Some(j) = j {
                j.finish();
            }
            Ok(())
        }
        Err(e) => {
            for r in results.iter_mut() {
                r.jar = None;
            }
            Err(e)
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The `q`-quantile (nearest rank) of sorted `v`.
fn quantile<T: Copy>(v: &[T], q: f64) -> T {
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

fn median_f64(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn pct(k: usize, n: usize) -> String {
    format!("{:.1}%", 100.0 * k as f64 / n as f64)
}

fn print_table(sample: &[Puzzle], results: &[Result], jar_ran: bool) {
    println!(
        "| band | puzzles | ours median ms | ours p90 ms | ours max ms | jar median ms \
         | speed-up (medians) | speed-up (median per puzzle) | ER = jar | ER within 0.1 \
         | ER/EP/ED = jar |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (lo, hi, label) in BANDS {
        let idx: Vec<usize> = (0..sample.len())
            .filter(|&i| (lo..=hi).contains(&sample[i].label))
            .collect();
        if idx.is_empty() {
            println!("| {label} | 0 | | | | | | | | | |");
            continue;
        }
        let mut ours: Vec<Duration> = idx.iter().map(|&i| results[i].ours_time).collect();
        ours.sort();
        let ours_median = ours[ours.len() / 2];
        let ours_cols = format!(
            "{:.3} | {:.3} | {:.3}",
            ms(ours_median),
            ms(quantile(&ours, 0.9)),
            ms(*ours.last().expect("not empty"))
        );
        let jar_cols = if jar_ran {
            let mut jar: Vec<Duration> = idx
                .iter()
                .map(|&i| results[i].jar.expect("the jar ran").1)
                .collect();
            jar.sort();
            let jar_median = jar[jar.len() / 2];
            let ratios: Vec<f64> = idx
                .iter()
                .map(|&i| {
                    let jar = results[i].jar.expect("the jar ran").1;
                    jar.as_secs_f64() / results[i].ours_time.as_secs_f64().max(1e-9)
                })
                .collect();
            let (mut er, mut close, mut all) = (0, 0, 0);
            for &i in &idx {
                let j = results[i].jar.expect("the jar ran").0;
                if let Some(Ok(o)) = &results[i].ours {
                    er += usize::from(o[0] == j[0]);
                    close += usize::from(o[0].abs_diff(j[0]) <= 1);
                    all += usize::from(*o == j);
                }
            }
            format!(
                "{:.3} | {:.0}× | {:.0}× | {} | {} | {}",
                ms(jar_median),
                jar_median.as_secs_f64() / ours_median.as_secs_f64().max(1e-9),
                median_f64(ratios),
                pct(er, idx.len()),
                pct(close, idx.len()),
                pct(all, idx.len())
            )
        } else {
            "NOT RUN | | | | | ".to_string()
        };
        println!("| {label} | {} | {ours_cols} | {jar_cols} |", idx.len());
    }
}

fn main() {
    let mut per_value: usize = 40;
    let mut rounds: usize = 5;
    let mut use_jar = true;
    let mut list = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{name} takes a number"))
        };
        match a.as_str() {
            "--per-value" => per_value = value("--per-value"),
            "--rounds" => rounds = value("--rounds").max(1),
            "--no-jar" => use_jar = false,
            "--list" => list = true,
            "--bench" => {} // cargo bench passes it
            other => {
                panic!("unknown argument {other} (--per-value N, --rounds N, --no-jar, --list)")
            }
        }
    }
    let seed: u64 = env_or("SUDOKU_BENCH_SEED", 20_261_201);
    let last_cpu = std::thread::available_parallelism().map_or(0, |n| n.get() - 1);
    let cpu: usize = env_or("SUDOKU_BENCH_CPU", last_cpu);
    let pinned = pin(cpu);
    let file = sample_file();
    let sample = load_sample(&file, per_value, seed);
    assert!(!sample.is_empty(), "{}: no rated puzzles", file.display());
    if list {
        for p in &sample {
            println!("{}\t{}.{}", p.text, p.label / 10, p.label % 10);
        }
        return;
    }
    let load_before = load_average();

    let mut results: Vec<Result> = (0..sample.len()).map(|_| Result::default()).collect();
    let jar = run(&sample, rounds, use_jar, &mut results);
    if let Err(why) = &jar {
        eprintln!("rate: the jar was NOT RUN: {why}");
    }

    println!(
        "SE rater vs Sukaku Explainer 1.15.10 (jar), {}, {}",
        today(),
        machine()
    );
    println!(
        "sample: {} puzzles, up to {per_value} per SE value (seed {seed}) from {}",
        sample.len(),
        std::fs::canonicalize(&file).unwrap_or(file).display()
    );
    println!(
        "one core: {}; ours: median of {rounds} rounds per puzzle; jar: {}",
        if pinned {
            format!("pinned to CPU {cpu} with taskset (the JVM too)")
        } else {
            "not pinned (no taskset)".to_string()
        },
        match &jar {
            Ok(()) => "one JVM, one untimed pass over the sample, then one timed, 20 puzzles at a time in turn with ours".to_string(),
            Err(why) => format!("NOT RUN ({why})"),
        }
    );
    println!(
        "load average (1, 5, 15 min): {load_before} before, {} after\n",
        load_average()
    );
    print_table(&sample, &results, jar.is_ok());

    // Failures: errors, and ratings off the reference (the jar's ER from this run, else the
    // file's) by a whole point or more.
    let mut failures = 0;
    for (p, r) in sample.iter().zip(&results) {
        let reference = r.jar.map_or(p.label, |(j, _)| j[0]);
        let problem = match &r.ours {
            Some(Ok(o)) if o[0].abs_diff(reference) >= WILD_TENTHS => {
                Some(format!("ER {} against {reference}", o[0]))
            }
            Some(Ok(_)) => None,
            Some(Err(e)) => Some(e.clone()),
            None => Some("not rated".into()),
        };
        if let Some(problem) = problem {
            failures += 1;
            if failures <= 20 {
                eprintln!("rate: {}: {problem}", p.text);
            }
        }
    }
    if failures > 0 {
        eprintln!(
            "rate: {failures} of our ratings failed or were off by {} or more",
            f64::from(WILD_TENTHS) / 10.0
        );
        std::process::exit(1);
    }
}
