//! The documentation lists every diagnostic code: each `fn code` of an issue type is read
//! from the source and every string it can return must appear in the table of
//! `docs/diagnostics.md`, which the README links to.

const ISSUE_SOURCES: [&str; 8] = [
    "src/diag.rs",
    "src/shatar/issue.rs",
    "src/shatar/recording.rs",
    "src/draughts/issue.rs",
    "src/go/issue.rs",
    "src/go/sgf_issue.rs",
    "src/go/sgf/error.rs",
    "src/go/archive_issue.rs",
];

/// The kebab-case string literals inside the `fn code` bodies of `source`.
fn codes_in(source: &str) -> Vec<String> {
    let mut codes = Vec::new();
    let mut inside = false;
    for line in source.lines() {
        if line.contains("fn code(") {
            inside = true;
            continue;
        }
        if inside && line.starts_with("    }") {
            inside = false;
        }
        if !inside {
            continue;
        }
        for literal in line.split('"').skip(1).step_by(2) {
            if !literal.is_empty() && literal.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                codes.push(literal.to_string());
            }
        }
    }
    codes
}

/// The page of the documentation that holds the table of every diagnostic code.
const CODE_TABLE: &str = "docs/diagnostics.md";

#[test]
fn readme_lists_every_code() {
    let table = std::fs::read_to_string(CODE_TABLE).unwrap();
    let mut seen = 0;
    for path in ISSUE_SOURCES {
        let source = std::fs::read_to_string(path).unwrap();
        for code in codes_in(&source) {
            seen += 1;
            assert!(
                table.contains(&format!("`{code}`")),
                "{code} (from {path}) is not in {CODE_TABLE}"
            );
        }
    }
    assert!(
        seen > 50,
        "only {seen} codes found: has an issue type moved?"
    );
}

/// The README's Rust example is one of the crate docs' doctests, so that it compiles and
/// runs: every line of each `rust` block in the README is a line of `src/lib.rs`'s docs.
#[test]
fn readme_rust_example_is_a_doctest() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let lib = std::fs::read_to_string("src/lib.rs").unwrap();
    let doc_lines: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    let blocks: Vec<&str> = readme
        .split("```rust\n")
        .skip(1)
        .map(|rest| rest.split("```").next().unwrap_or_default())
        .collect();
    assert!(
        !blocks.is_empty(),
        "the README shows the library in a rust block"
    );
    for block in blocks {
        for line in block.lines().filter(|line| !line.trim().is_empty()) {
            assert!(
                doc_lines.contains(&line),
                "the README's example line {line:?} is in no doctest of src/lib.rs"
            );
        }
    }
}
