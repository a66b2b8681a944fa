//! Issue 18, items 1 and 2: SGF recovery skips exactly the text that holds no property and
//! reads on at the next one; a node after a variation is reported and read as SGFC reads
//! it, into a tree that is written well-formed. Then the two properties of
//! fuzz/src/sgf_recovery.rs (shared with the `sgf_recovery` fuzz target) on generated
//! inputs: junk between properties loses none, and converted SGF reads back alike.

#[path = "../../fuzz/src/sgf_recovery.rs"]
mod recovery;

use qipu::{read_str, ReadOptions};
use recovery::{
    check_convert_stable, check_junk_keeps_properties, damaged, valid_record, with_junk, Rng,
};

use crate::support::run::{qipu, qipu_with_input};
use crate::support::sgf::sgf_files;

const JUNK: &str = "tests/fixtures/sgf-recovery/junk-between-properties.sgf";
const AFTER_VARIATION: &str = "tests/fixtures/sgf-recovery/node-after-variation.sgf";

/// Each diagnostic of `qipu convert`'s standard error as `code line:column`.
fn diagnostics(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    lines
        .windows(2)
        .filter_map(|pair| {
            let code = pair[0]
                .strip_prefix("error[")
                .or(pair[0].strip_prefix("warning["))?;
            let code = code.split(']').next()?;
            let at = pair[1].rsplit(':').take(2).collect::<Vec<_>>();
            Some(format!("{code} {}:{}", at[1], at[0]))
        })
        .collect()
}

/// `convert --to sgf` of a file, and of the same bytes on standard input, agree.
fn converted(path: &str) -> (String, String, i32) {
    let (out, err, status) = qipu(&["convert", "--to", "sgf", path]);
    let bytes = std::fs::read(crate::support::fixtures::root().join(path)).expect("fixture");
    let (streamed, _, streamed_status) = qipu_with_input(&["convert", "--to", "sgf", "-"], &bytes);
    assert_eq!(streamed, out, "{path}: standard input reads otherwise");
    assert_eq!(streamed_status, status);
    (out, err, status)
}

#[test]
fn junk_is_skipped_up_to_the_next_property() {
    let (out, err, status) = converted(JUNK);
    assert_eq!(status, 1);
    // PB, PW and KM after junk in the root, N and C after values without an identifier.
    assert_eq!(
        out,
        "(;FF[4]CA[UTF-8]GM[1]SZ[9]KM[6.5]PB[Ana]PW[Bo]\n;B[ee];C[kept too]N[keep];W[cc])\n"
    );
    // Exactly the bytes skipped: a word without a value, stray text, values without an
    // identifier, an identifier without a value.
    assert_eq!(
        diagnostics(&err),
        [
            "unexpected-text 1:19",
            "unexpected-text 2:10",
            "unexpected-text 3:9",
            "missing-value 4:8",
            "unexpected-text 4:12",
        ]
    );
    assert!(
        err.contains("^^^^^^^^^^^^^\n"),
        "illegal_chars underlined: {err}"
    );
}

#[test]
fn the_issues_shapes_keep_their_properties() {
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    for (text, expected, skipped) in [
        (
            "(; illegal_chars FF[4]\n C[abc]\n;C[x])",
            "(;FF[4]CA[UTF-8]GM[1]C[abc]\n;C[x])\n",
            "illegal_chars",
        ),
        (
            "(;GM[1];[aa][bb] N[keep]\n;C[after])",
            "(;FF[4]CA[UTF-8]GM[1]\n;N[keep];C[after])\n",
            "[aa][bb]",
        ),
    ] {
        let document = read_str("issue.sgf", text, &options);
        assert_eq!(recovery::convert(&document), expected, "{text:?}");
        let report = &document.records[0];
        let found: Vec<_> = report
            .diagnostics
            .iter()
            .map(|d| (d.code(), d.span.clone().map(|s| &text[s])))
            .collect();
        assert_eq!(found, [("unexpected-text", Some(skipped))], "{text:?}");
    }
}

#[test]
fn a_node_after_a_variation_becomes_one_more() {
    let (out, err, status) = converted(AFTER_VARIATION);
    assert_eq!(status, 1);
    // As SGFC: the node opens the variation whose `(` is missing, the next `)` closes it,
    // the last closes the tree; the collection's next tree stays a tree of its own.
    assert_eq!(
        out,
        "(;FF[4]CA[UTF-8]GM[1]SZ[9]PB[Ana]PW[Bo]\n(;B[ee];W[cc])\n(;B[gg]C[second variation]))\n\
         \n(;FF[4]CA[UTF-8]GM[1]SZ[9]\n;B[cc])\n"
    );
    assert_eq!(diagnostics(&err), ["node-after-variation 2:16"]);
    // What was written reads back without a diagnostic, streamed or whole.
    let (json, _, status) = qipu_with_input(&["validate", "--format", "json", "-"], out.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(json.matches(r#""diagnostics":[]"#).count(), 2, "{json}");
    // The issue's shape, with one `)` more than `(` as written: no stray `)` is left.
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    let text = "(;FF[4](;C[var 1]) ;C[var 2]))";
    let document = read_str("issue.sgf", text, &options);
    assert_eq!(
        recovery::convert(&document),
        "(;FF[4]CA[UTF-8]GM[1]\n(;C[var 1])\n(;C[var 2]))\n"
    );
    let codes: Vec<_> = document.records[0]
        .diagnostics
        .iter()
        .map(|d| d.code())
        .collect();
    assert_eq!(codes, ["node-after-variation"]);
}

/// Property (b) on generated records: junk (words, stray `]`, values without an
/// identifier, digits, spaces) between their properties loses none of them, and what is
/// written for the junked record has property (a) too.
#[test]
fn junk_between_properties_loses_nothing() {
    let mut rng = Rng(0x5CF6_1800_0000_0001);
    for _ in 0..4000 {
        let (record, gaps) = valid_record(&mut rng);
        let junked = with_junk(&record, &gaps, &mut rng);
        check_junk_keeps_properties(&record, &junked);
        check_convert_stable(junked.as_bytes());
    }
}

/// Property (a) on random bytes, random SGF tokens, damaged and truncated valid records.
#[test]
fn converted_sgf_reads_back_alike() {
    let mut rng = Rng(0x5CF6_1800_0000_0002);
    for _ in 0..1000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        check_convert_stable(&bytes);
    }
    const TOKENS: [&str; 20] = [
        "(", ")", ";", "[", "]", "\\", ":", "B", "W", "C[", "aa", "x", " ", "\n", "GM[1]", "é",
        "(;", ")(", "[aa]", "junk",
    ];
    for _ in 0..1500 {
        let n = rng.below(40);
        let text: String = (0..n).map(|_| TOKENS[rng.below(TOKENS.len())]).collect();
        check_convert_stable(text.as_bytes());
    }
    for _ in 0..2500 {
        let (record, _) = valid_record(&mut rng);
        check_convert_stable(&damaged(&record, &mut rng));
    }
    for _ in 0..20 {
        let (record, _) = valid_record(&mut rng);
        let cuts = (0..=record.len()).filter(|&k| record.is_char_boundary(k));
        for cut in cuts {
            check_convert_stable(&record.as_bytes()[..cut]);
        }
    }
}

/// Property (a) on every SGF file of the package (samples and fixtures) and of the shared
/// corpus when it is there: whole, cut short at a hundred places, and damaged.
#[test]
fn converted_files_read_back_alike() {
    let root = crate::support::fixtures::root();
    let mut files = sgf_files(&root.join("samples"));
    files.extend(sgf_files(&root.join("tests/fixtures")));
    if let Some(corpus) = crate::support::corpus::corpus("go", "property (a) on the corpus") {
        files.extend(sgf_files(&corpus));
    }
    assert!(files.len() > 200, "{} files", files.len());
    let mut rng = Rng(0x5CF6_1800_0000_0003);
    for path in files {
        let bytes = std::fs::read(&path).expect("readable file");
        check_convert_stable(&bytes);
        for cut in (0..bytes.len()).step_by((bytes.len() / 100).max(1)) {
            check_convert_stable(&bytes[..cut]);
        }
        let text = String::from_utf8_lossy(&bytes);
        for _ in 0..10 {
            check_convert_stable(&damaged(&text, &mut rng));
        }
    }
}

/// The fuzz target's entry on pseudo-random bytes: both choices of its first byte, the
/// record and junk built from the rest.
#[test]
fn the_fuzz_target_on_random_bytes() {
    let mut rng = Rng(0x5CF6_1800_0000_0004);
    for _ in 0..2000 {
        let len = rng.below(300);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        recovery::check_fuzz_input(&bytes);
    }
}
