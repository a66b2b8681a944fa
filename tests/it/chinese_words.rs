//! Chinese output is Chinese: `--lang zh` and `--lang zh-Hant` over every sample and
//! fixture leave no English word of qipu's own in the human report or the HTML report.
//!
//! What may stay ASCII, and why (each removed before the words are looked for):
//! - what is quoted from the record: the source lines shown under a diagnostic, the
//!   `-->` location lines, and any word the input file itself contains (its tags, tag
//!   and property names, values, names, moves);
//! - identifiers: the diagnostic codes of docs/diagnostics.md, the file's path, command
//!   line flags with their value (`--game shatar`), encoding labels, and words written
//!   in capitals only (format names SGF, PDN, FEN, GIB; property identifiers KM, RE);
//! - text between quotes or brackets (`…`, "…", “…”, […]): examples of notation;
//! - the formats' own vocabulary named in wording: the tag names `GameType`, `Variant`,
//!   `CoordinateType`, SGF's result words `Draw`, `Void`, the server `Pandanet`, and
//!   `qipu` itself;
//! - moves qipu writes in the record's notation (the help's "是否应为 Nbd2"): words of
//!   Latin piece letters and squares.

use std::collections::BTreeSet;

use crate::support::run::qipu;

fn inputs() -> Vec<String> {
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("samples"), "tests/fixtures".into()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_none_or(|e| e != "snap") {
                files.push(path.to_string_lossy().into_owned());
            }
        }
    }
    files.sort();
    files
}

fn codes() -> Vec<String> {
    let table = std::fs::read_to_string("docs/diagnostics.md").unwrap();
    let mut codes: Vec<String> = table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .flat_map(|l| {
            let cell = l.split('|').nth(1).unwrap().to_string();
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    // The longest first, so that `move-after-end` goes before `move`.
    codes.sort_by_key(|c| std::cmp::Reverse(c.len()));
    codes
}

const VOCABULARY: [&str; 7] = [
    "GameType",
    "Variant",
    "CoordinateType",
    "Draw",
    "Void",
    "Pandanet",
    "qipu",
];

const ENCODINGS: [&str; 8] = [
    "UTF-8",
    "UTF-16LE",
    "UTF-16BE",
    "Shift_JIS",
    "EUC-KR",
    "Big5",
    "GB18030",
    "windows-1252",
];

/// Removes the spans between `open` and `close` (both included).
fn without_spans(text: &str, open: char, close: char) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        if c == open && (open != close || depth == 0) {
            depth += 1;
            out.push(' ');
        } else if depth > 0 && c == close {
            depth -= 1;
        } else if depth == 0 {
            out.push(c);
        }
    }
    out
}

/// A move qipu writes: Shatar's with Latin pieces (`Nbd2`, `bxc4`, `Qd1`), draughts'
/// squares or numbers (`c3-d4`, `14x21x30`): piece letters, squares and links only.
fn is_move(word: &str) -> bool {
    let body = word.trim_start_matches(['K', 'Q', 'R', 'N', 'B', 'P']);
    !body.is_empty()
        && body.chars().all(|c| "abcdefghx-0123456789".contains(c))
        && body.chars().any(|c| c.is_ascii_digit())
}

/// The ASCII words of 3 letters or more in `output` that none of the allowances covers.
fn english_words(
    output: &str,
    file: &str,
    file_words: &BTreeSet<String>,
    codes: &[String],
) -> Vec<String> {
    let mut text: String = output
        .lines()
        .filter(|line| {
            let trimmed = line.trim_start();
            !trimmed.starts_with("-->")
                && !trimmed
                    .split_once(" |")
                    .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect::<Vec<_>>()
        .join("\n");
    text = text.replace(file, " ");
    for code in codes {
        text = text.replace(code.as_str(), " ");
    }
    for encoding in ENCODINGS {
        text = text.replace(encoding, " ");
    }
    for (open, close) in [('`', '`'), ('"', '"'), ('“', '”'), ('[', ']')] {
        text = without_spans(&text, open, close);
    }
    let mut found = Vec::new();
    let mut words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    while let Some(word) = words.next() {
        if word.starts_with("--") {
            words.next();
            continue;
        }
        let letters = word.chars().filter(char::is_ascii_alphabetic).count();
        let allowed = letters < 3
            || !word.chars().any(|c| c.is_ascii_lowercase())
            || VOCABULARY.contains(&word)
            || file_words.contains(word)
            || is_move(word);
        if !allowed {
            found.push(word.to_string());
        }
    }
    found
}

/// The ASCII words of a file: what a message may quote from it.
fn words_of(file: &str) -> BTreeSet<String> {
    let bytes = std::fs::read(file).unwrap();
    // A UTF-16 file's names are ASCII words too, once decoded.
    let (text, _) = encoding_rs::Encoding::for_bom(&bytes)
        .map_or(encoding_rs::UTF_8, |(encoding, _)| encoding)
        .decode_with_bom_removal(&bytes);
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The visible text of an HTML report: no style, no markup, no source lines (quoted
/// from the record), references resolved.
fn page_text(page: &str) -> String {
    let mut body = page.split("</style>").nth(1).unwrap_or(page).to_string();
    while let Some(start) = body.find("<pre class=\"source\">") {
        let end = body[start..]
            .find("</pre>")
            .map_or(body.len(), |e| start + e + 6);
        body.replace_range(start..end, " ");
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn chinese_output_has_no_english_words() {
    let codes = codes();
    let mut english = Vec::new();
    let files = inputs();
    assert!(files.len() > 200, "{} inputs", files.len());
    for file in &files {
        let file_words = words_of(file);
        for lang in ["zh", "zh-Hant"] {
            let (out, err, _) = qipu(&[
                "validate", "--format", "human", "--repair", "--lang", lang, file,
            ]);
            let (page, _, _) = qipu(&[
                "validate", "--format", "html", "--repair", "--lang", lang, file,
            ]);
            for (what, output) in [("human", out + &err), ("html", page_text(&page))] {
                for word in english_words(&output, file, &file_words, &codes) {
                    english.push(format!("{file} {lang} {what}: {word}"));
                }
            }
        }
    }
    english.dedup();
    assert!(
        english.is_empty(),
        "{} English words:\n{}",
        english.len(),
        english.join("\n")
    );
}

/// The check finds what it looks for.
#[test]
fn the_check_finds_english_words() {
    let found = english_words(
        "棋谱 1：after ply 12 · White to move\n3 | (1)e2—e4 comment\n",
        "a.txt",
        &BTreeSet::new(),
        &codes(),
    );
    assert_eq!(found, ["after", "ply", "White", "move"]);
}
