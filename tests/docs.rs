//! The documentation against the repository and the library:
//!
//! * every relative link between the repository's own Markdown files resolves, `#anchor`
//!   included, and stays inside the repository;
//! * the README stays short, and its first commands are the two that work on a fresh clone;
//! * the README lists every function of the header and its status table is the header's;
//! * the conventions in docs/c-api.md are the header's preamble (the crate docs of src/lib.rs);
//! * the README's C program builds against the static library and prints what `sudoku_solve`
//!   gives; the styles shown in docs/text.md are what `sudoku_format` writes.

mod common;

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use sudoku::*;

/// The longest the README may be: a newcomer reads it in five minutes.
const README_MAX_LINES: usize = 200;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every Markdown file of the repository, outside hidden, build and `node_modules` directories.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy();
            if path.is_dir() {
                // Build outputs and installed third-party packages are not the repository's.
                if !name.starts_with('.') && name != "target" && name != "node_modules" {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root(), &mut files);
    files
}

/// The lines of a Markdown text outside fenced code blocks, with their line numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match fence {
            Some(f) if trimmed.starts_with(f) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") => fence = Some("```"),
            None if trimmed.starts_with("~~~") => fence = Some("~~~"),
            None => lines.push((i + 1, line)),
        }
    }
    lines
}

/// `line` with its code spans (`` `...` ``) removed.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut parts = line.split('`');
    while let Some(prose) = parts.next() {
        out.push_str(prose);
        parts.next(); // The code span, if any.
    }
    out
}

/// The destinations of the inline links and images (`[text](dest)`) and of the link reference
/// definitions (`[label]: dest`) of a Markdown text, with their line numbers.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose_lines(text) {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let dest = after[..end].split_whitespace().next().unwrap_or("");
            found.push((number, dest.trim_matches(['<', '>']).to_owned()));
            rest = &after[end..];
        }
        let trimmed = line.trim_start();
        if let Some(label_end) = trimmed.strip_prefix('[').and_then(|t| t.find("]:")) {
            let dest = trimmed[label_end + 3..].split_whitespace().next();
            found.push((number, dest.unwrap_or("").to_owned()));
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation dropped.
fn slug(heading: &str) -> String {
    let mut out = String::new();
    for c in without_code_spans_keeping_text(heading).chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.extend(c.to_lowercase());
        } else if c == ' ' {
            out.push('-');
        }
    }
    out
}

/// A heading's text as GitHub shows it: code spans keep their text, only the backticks go.
fn without_code_spans_keeping_text(heading: &str) -> String {
    heading.replace('`', "")
}

/// The anchors of a Markdown text's headings, numbered as GitHub numbers repeated ones.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(line[hashes..].trim());
        let n = seen.entry(base.clone()).or_insert(0);
        out.push(if *n == 0 { base } else { format!("{base}-{n}") });
        *n += 1;
    }
    out
}

/// `path` with `.` and `..` resolved lexically; `None` if it climbs above the root of `path`.
fn normalise(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Why `dest`, a link in the Markdown file `from`, does not resolve; `None` when it does (or
/// when it points outside the repository's files: a URL).
fn broken(from: &Path, dest: &str) -> Option<String> {
    if dest.is_empty() {
        return Some("empty link".into());
    }
    if dest.contains("://") || dest.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match dest.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (dest, None),
    };
    let target = if file.is_empty() {
        from.to_path_buf()
    } else if file.starts_with('/') {
        return Some("absolute path".into());
    } else {
        match normalise(&from.parent().unwrap().join(file)) {
            Some(target) if target.starts_with(root()) => target,
            _ => return Some("leaves the repository".into()),
        }
    };
    if !target.exists() {
        return Some(format!("{} does not exist", target.display()));
    }
    let anchor = anchor?;
    if target.extension().is_none_or(|e| e != "md") {
        return Some("an anchor into a file that is not Markdown".into());
    }
    if anchors(&read(&target)).iter().any(|a| a == anchor) {
        None
    } else {
        Some(format!("no heading #{anchor} in {}", target.display()))
    }
}

#[test]
fn every_link_between_the_markdown_files_resolves() {
    let files = markdown_files();
    for expected in [
        "README.md",
        "CONTRIBUTING.md",
        "docs/c-api.md",
        "engine/README.md",
    ] {
        assert!(
            files.contains(&root().join(expected)),
            "{expected} not found"
        );
    }
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        for (line, dest) in links(&read(file)) {
            checked += 1;
            if let Some(why) = broken(file, &dest) {
                let name = file.strip_prefix(root()).unwrap().display();
                problems.push(format!("{name}:{line}: ({dest}): {why}"));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the link scanner broken?"
    );
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_link_checker_sees_broken_links() {
    let readme = root().join("README.md");
    assert_eq!(broken(&readme, "docs/c-api.md#conventions"), None);
    assert_eq!(broken(&readme, "#statuses"), None);
    assert_eq!(broken(&readme, "docs/"), None);
    for bad in [
        "docs/no-such-page.md",
        "docs/c-api.md#no-such-heading",
        "#no-such-heading",
        "../outside.md",
        "/etc/passwd",
        "",
    ] {
        assert!(broken(&readme, bad).is_some(), "{bad:?} passed");
    }
    let text = "See [a](x.md) and `[b](y.md)`, ![c](z.png).\n```\n[d](w.md)\n```\n[e]: v.md\n";
    let found: Vec<String> = links(text).into_iter().map(|(_, d)| d).collect();
    assert_eq!(found, ["x.md", "z.png", "v.md"]);
    assert_eq!(
        anchors("# A `b`: c\n## A b c\n```\n# not a heading\n```\n"),
        ["a-b-c", "a-b-c-1"]
    );
}

fn readme() -> String {
    read(&root().join("README.md"))
}

#[test]
fn the_readme_is_short() {
    let lines = readme().lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines (at most {README_MAX_LINES}): move the detail to docs/"
    );
}

/// The fenced code blocks of a Markdown text: (info string, body).
fn code_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        match &mut current {
            Some(_) if trimmed.starts_with("```") => blocks.push(current.take().unwrap()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    current = Some((info.trim().to_owned(), String::new()));
                }
            }
        }
    }
    blocks
}

#[test]
fn the_readme_starts_with_the_two_commands() {
    let blocks = code_blocks(&readme());
    let (info, body) = blocks.first().expect("the README has no code block");
    assert_eq!(
        info, "sh",
        "the README's first code block is not the commands"
    );
    let commands: Vec<&str> = body
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(commands, ["make example", "cargo test"]);
}

fn header() -> String {
    read(&root().join("include/sudoku.h"))
}

/// The names of the functions `include/sudoku.h` declares.
fn header_functions() -> Vec<String> {
    let mut names = Vec::new();
    for line in header().lines() {
        if line.starts_with([' ', '*', '/', '#']) {
            continue;
        }
        if let Some(at) = line.find("sudoku_") {
            let name: String = line[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if line[at + name.len()..].starts_with('(') {
                names.push(name);
            }
        }
    }
    names
}

#[test]
fn the_readme_names_every_function() {
    let functions = header_functions();
    assert!(functions.len() > 15, "{functions:?}");
    let readme = readme();
    let missing: Vec<&String> = functions
        .iter()
        .filter(|f| !readme.contains(&format!("`{f}`")))
        .collect();
    assert!(missing.is_empty(), "not in the README: {missing:?}");
}

/// `(value, name)` of each constant of the C enum `name` in the header.
fn header_enum(name: &str) -> Vec<(i64, String)> {
    let header = header();
    let start = header
        .find(&format!("typedef enum {name} {{"))
        .unwrap_or_else(|| panic!("enum {name} not in the header"));
    let end = start + header[start..].find(&format!("}} {name};")).unwrap();
    header[start..end]
        .lines()
        .filter_map(|l| l.trim().strip_suffix(','))
        .filter_map(|l| l.split_once(" = "))
        .map(|(n, v)| (v.parse().unwrap(), n.to_owned()))
        .collect()
}

#[test]
fn the_readme_status_table_is_the_headers() {
    let readme = readme();
    let table: Vec<(i64, String)> = readme
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let value = cells.get(1)?.parse().ok()?;
            let name = cells.get(2)?.strip_prefix("`SUDOKU_")?.strip_suffix('`')?;
            Some((value, format!("SUDOKU_{name}")))
        })
        .collect();
    let statuses = header_enum("sudoku_status");
    assert!(statuses.len() > 10, "{statuses:?}");
    assert_eq!(table, statuses);
}

/// The crate docs of src/lib.rs after their `# Conventions` heading, as Markdown.
fn conventions_in_lib_rs() -> String {
    let lib = read(&root().join("src/lib.rs"));
    let docs: Vec<&str> = lib
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l["//!".len()..].strip_prefix(' ').unwrap_or(""))
        .collect();
    let start = docs
        .iter()
        .position(|l| *l == "# Conventions")
        .expect("src/lib.rs: no `# Conventions` in the crate docs");
    docs[start + 1..].join("\n")
}

/// A Markdown section (after the heading `heading`, up to the next heading), without HTML
/// comments.
fn section(text: &str, heading: &str) -> String {
    let start = text
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no {heading:?}"))
        + heading.len()
        + 2;
    let end = text[start..].find("\n#").map_or(text.len(), |e| start + e);
    let mut body = text[start..end].to_owned();
    while let Some(open) = body.find("<!--") {
        let close = open + body[open..].find("-->").expect("unclosed comment") + 3;
        body.replace_range(open..close, "");
    }
    body
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn the_c_api_page_states_the_headers_conventions() {
    let lib = conventions_in_lib_rs();
    assert!(
        lib.contains("**Outputs are written only on success.**"),
        "{lib}"
    );
    let page = section(&read(&root().join("docs/c-api.md")), "## Conventions");
    let (ours, theirs) = (words(&page), words(&lib));
    if ours != theirs {
        let at = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
        let around = |w: &[&str]| w[at.saturating_sub(8)..(at + 8).min(w.len())].join(" ");
        panic!(
            "docs/c-api.md's conventions differ from src/lib.rs's crate docs: copy them across.\n\
             docs/c-api.md: ...{}...\nsrc/lib.rs:    ...{}...",
            around(&ours),
            around(&theirs)
        );
    }
    // And the header opens with them.
    let preamble = header()[..header().find("*/").unwrap()].replace("\n *", "\n");
    assert!(
        words(&preamble)
            .windows(words(&lib).len())
            .any(|w| w == words(&lib))
    );
}

fn status(code: core::ffi::c_int) -> &'static str {
    // SAFETY: sudoku_status_str returns a static NUL-terminated string for any value.
    unsafe { core::ffi::CStr::from_ptr(sudoku_status_str(code)) }
        .to_str()
        .unwrap()
}

/// The directory holding this test run's `libsudoku.a`: the test binary's own.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().to_path_buf();
    assert!(
        dir.join("libsudoku.a").exists(),
        "no libsudoku.a in {}",
        dir.display()
    );
    dir
}

#[test]
#[cfg_attr(miri, ignore = "runs the C compiler")]
fn the_readme_c_program_builds_and_prints_the_solution() {
    let program = code_blocks(&readme())
        .into_iter()
        .find(|(info, body)| info == "c" && body.contains("int main"))
        .expect("no C program in the README")
        .1;
    // The puzzle it solves: its one 81-character string literal.
    let puzzle: Vec<u8> = program
        .split('"')
        .find(|s| s.len() == 81)
        .expect("no 81-character board in the README's program")
        .bytes()
        .collect();
    let mut expected: [u8; 81] = puzzle.try_into().unwrap();
    // SAFETY: `expected` is 81 writable bytes.
    let code = unsafe { sudoku_solve(expected.as_mut_ptr().cast()) };
    assert_eq!(code, 0, "{}", status(code));

    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (src, exe) = (dir.join("readme_solve.c"), dir.join("readme_solve"));
    std::fs::write(&src, &program).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let out = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(root().join("include"))
        .arg(&src)
        .arg(lib_dir().join("libsudoku.a"))
        // The system libraries the README names for a static link.
        .args([
            "-lgcc_s",
            "-lutil",
            "-lrt",
            "-lpthread",
            "-lm",
            "-ldl",
            "-o",
        ])
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = common::c_program(&exe).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.trim_end(), std::str::from_utf8(&expected).unwrap());
}

#[test]
fn the_styles_shown_in_text_md_are_what_format_writes() {
    let page = read(&root().join("docs/text.md"));
    let shown: Vec<String> = code_blocks(&page)
        .into_iter()
        .filter(|(info, _)| info == "text")
        .map(|(_, body)| body)
        .collect();
    assert_eq!(shown.len(), 3, "one block per style");
    let line = shown[0].trim_end();
    let board: [u8; 81] = line
        .as_bytes()
        .try_into()
        .expect("the line style is 81 cells");
    let styles = [
        sudoku_format_style::SUDOKU_FORMAT_LINE,
        sudoku_format_style::SUDOKU_FORMAT_GRID,
        sudoku_format_style::SUDOKU_FORMAT_BORDERED,
    ];
    for (style, text) in styles.into_iter().zip(&shown) {
        let mut out = [0u8; SUDOKU_FORMAT_MAX_SIZE];
        let mut len = 0usize;
        // SAFETY: an 81-byte board, an output buffer of its stated size and a length to write.
        let code = unsafe {
            sudoku_format(
                board.as_ptr().cast(),
                style as core::ffi::c_int,
                out.as_mut_ptr().cast(),
                out.len(),
                &mut len,
            )
        };
        assert_eq!(code, 0, "{}", status(code));
        let written = std::str::from_utf8(&out[..len]).unwrap();
        // A code block ends with a newline; the line style has none.
        let expected = if len == 81 { text.trim_end() } else { text };
        assert_eq!(written, expected, "{style:?}");
    }
}
