//! The README lists every diagnostic code: each `fn code` of an issue type is read
//! from the source and every string it can return must appear in the README's table.

const ISSUE_SOURCES: [&str; 7] = [
    "src/diag.rs",
    "src/shatar/issue.rs",
    "src/draughts/issue.rs",
    "src/go/issue.rs",
    "src/go/sgf_check.rs",
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

#[test]
fn readme_lists_every_code() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut seen = 0;
    for path in ISSUE_SOURCES {
        let source = std::fs::read_to_string(path).unwrap();
        for code in codes_in(&source) {
            seen += 1;
            assert!(
                readme.contains(&format!("`{code}`")),
                "{code} (from {path}) is not in the README"
            );
        }
    }
    assert!(
        seen > 50,
        "only {seen} codes found: has an issue type moved?"
    );
}
