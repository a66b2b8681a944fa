//! `validate --format html`: one self-contained page over the run. Its counts agree with
//! the JSON report of the same inputs, what it quotes from a record is escaped, and it
//! asks for nothing beyond itself. (`tools/browser/check_report.mjs`, run by `.ci/run`,
//! opens it in headless Chromium.)

use crate::support::run::qipu;
use serde_json::Value;

fn page(args: &[&str]) -> (String, i32) {
    let mut all = vec!["validate", "--format", "html"];
    all.extend_from_slice(args);
    let (stdout, stderr, status) = qipu(&all);
    assert!(stderr.is_empty(), "{stderr}");
    (stdout, status)
}

/// The number in the summary table's row `name`.
fn summary_count(page: &str, name: &str) -> usize {
    let row = format!("<tr><th>{name}</th><td>");
    let at = page.find(&row).unwrap_or_else(|| panic!("no {name} row")) + row.len();
    page[at..].split('<').next().unwrap().parse().unwrap()
}

#[test]
fn the_summary_agrees_with_the_json_report() {
    let (html, status) = page(&["--repair", "samples/"]);
    let (json, _, json_status) = qipu(&["validate", "--repair", "--format", "json", "samples/"]);
    assert_eq!(status, json_status);
    let records: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let valid = records.iter().filter(|r| r["valid"] == true).count();
    assert_eq!(summary_count(&html, "records"), records.len());
    assert_eq!(summary_count(&html, "valid"), valid);
    assert_eq!(summary_count(&html, "invalid"), records.len() - valid);
    // Every record with a diagnostic has its section, and every diagnostic its article.
    let with_diagnostics = records
        .iter()
        .filter(|r| !r["diagnostics"].as_array().unwrap().is_empty())
        .count();
    assert_eq!(
        html.matches("<section class=\"record").count(),
        with_diagnostics
    );
    let diagnostics: usize = records
        .iter()
        .map(|r| r["diagnostics"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        html.matches("<article class=\"diagnostic").count(),
        diagnostics
    );
    assert!(html.contains("<article class=\"diagnostic repair\">"));
}

#[test]
fn the_page_is_self_contained() {
    let (html, _) = page(&["samples/"]);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    for outside in [
        "http:", "https:", "<script", "<link", "src=", "@import", "url(",
    ] {
        assert!(
            !html.contains(outside),
            "the page refers outside itself: {outside}"
        );
    }
    assert!(html.contains("@media print"));
}

#[test]
fn record_text_is_escaped() {
    let dir = std::env::temp_dir().join(format!("qipu-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("angle.pgn");
    std::fs::write(
        &path,
        "[Event \"<b>&\"]\n[Variant \"Shatar\"]\n\n1. d4 d5 2. <script>alert(1)</script> *\n",
    )
    .unwrap();
    let (html, status) = page(&[path.to_str().unwrap()]);
    assert_eq!(status, 1);
    assert!(!html.contains("<script>"), "{html}");
    assert!(html.contains("&lt;script&gt;"), "{html}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_goes_to_the_file_named() {
    let dir = std::env::temp_dir().join(format!("qipu-html-o-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = dir.join("report.html");
    let (stdout, stderr, status) = qipu(&[
        "validate",
        "--format",
        "html",
        "-o",
        report.to_str().unwrap(),
        "samples/shatar/rulebook-full.txt",
    ]);
    assert_eq!((stdout.as_str(), stderr.as_str(), status), ("", "", 1));
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("no-such-piece"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_rulebook_example_with_its_repair() {
    let (html, _) = page(&["--repair", "samples/shatar/rulebook-full.txt"]);
    // The body: the style is the same on every page.
    let body = &html[html.find("<body>").unwrap()..];
    insta::assert_snapshot!(
        crate::support::snapshot::snapshot_name("validate_html", "rulebook-full.txt"),
        body
    );
}

#[test]
fn the_page_speaks_the_language_asked_for() {
    let (zh, _) = page(&[
        "--lang",
        "zh",
        "--repair",
        "samples/shatar/rulebook-full.txt",
    ]);
    assert!(zh.contains("<html lang=\"zh-Hans\">"));
    assert!(zh.contains("<h1>qipu 棋谱检查报告</h1>"), "{zh}");
    assert!(zh.contains("<tr><th>棋谱</th><td>1</td></tr>"), "{zh}");
    assert!(
        zh.contains("<code>no-such-piece</code>"),
        "codes stay English"
    );
    assert!(zh.contains("提示："), "{zh}");
    let (hant, _) = page(&["--lang", "zh-Hant", "samples/shatar/rulebook-full.txt"]);
    assert!(hant.contains("<html lang=\"zh-Hant\">"));
    assert!(hant.contains("棋譜檢查報告"), "{hant}");
    assert!(
        hant.contains("Kd8—d7"),
        "the move as written stays as written"
    );
}

#[test]
fn deny_warnings_counts_for_the_page_too() {
    // A valid record with a warning: exit 0, and 1 with --deny warnings, as in JSON.
    let (_, status) = page(&["samples/shatar/error-check-mark.txt"]);
    assert_eq!(status, 0);
    let (_, status) = page(&["--deny", "warnings", "samples/shatar/error-check-mark.txt"]);
    assert_eq!(status, 1);
}
