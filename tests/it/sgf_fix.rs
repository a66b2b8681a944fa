//! `convert --fix`: SGFC's corrections, each reported as a `fixed` note; the output reads
//! back without the issue corrected, and a second run changes nothing.

use crate::support::run::qipu_with_input;
use serde_json::Value;

/// `convert --fix --to sgf` of `sgf`: the output and the `fixed` notes' messages.
fn fix(sgf: &str) -> (String, Vec<String>) {
    let (out, err, status) = qipu_with_input(
        &["convert", "--fix", "--to", "sgf", "--game", "go", "-"],
        sgf.as_bytes(),
    );
    // 1 for an input with an error (`((`): the record is still written, fixed.
    assert!(status <= 1, "{err}");
    let notes = err
        .lines()
        .filter_map(|l| l.strip_prefix("note[fixed]: "))
        .map(str::to_string)
        .collect();
    (out, notes)
}

/// The codes `validate` reports on `sgf`.
fn codes(sgf: &str) -> Vec<String> {
    let (out, _, _) = qipu_with_input(
        &["validate", "--format", "json", "--game", "go", "-"],
        sgf.as_bytes(),
    );
    out.lines()
        .flat_map(|l| {
            let record: Value = serde_json::from_str(l).unwrap();
            record["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn each_correction_is_made_and_reported() {
    let ap = format!("AP[qipu:{}]", env!("CARGO_PKG_VERSION"));
    // (input, what the output holds, the note, the code that goes away)
    let cases = [
        (
            "(;FF[4]GM[1]SZ[19]B[pd];W[dd])",
            ";B[pd];W[dd])",
            "move in the root node: B[pd]",
            "",
        ),
        (
            "(;FF[4]GM[1]SZ[19]DT[14 apr 97];B[pd])",
            "DT[1997-04-14]",
            "date: DT[14 apr 97] → DT[1997-04-14]",
            "bad-date",
        ),
        (
            "(;FF[4]GM[1]SZ[19]DT[1997年4月14日];B[pd])",
            "DT[1997-04-14]",
            "date:",
            "bad-date",
        ),
        (
            "(;FF[4]GM[1]SZ[19]RE[black wins by resignation];B[pd])",
            "RE[B+R]",
            "result:",
            "bad-result",
        ),
        (
            "(;FF[4]GM[1]SZ[19]RE[W+Resign];B[pd])",
            "RE[W+R]",
            "result: RE[W+Resign] → RE[W+R]",
            "",
        ),
        (
            "(;FF[4]GM[1]SZ[19]KM[650];B[pd])",
            "KM[6.5]",
            "komi: KM[650] → KM[6.5]",
            "komi-normalised",
        ),
        (
            "(;FF[4]GM[1]SZ[19]GN[a][b];B[pd])",
            "GN[a]\n",
            "repeated values: GN[a][b] → GN[a]",
            "several-values",
        ),
        (
            "(;FF[4]GM[1]SZ[19]EV[a][b];B[pd]C[one][two])",
            ";B[pd]C[one\ntwo])",
            "repeated values: C[one][two] → C[one",
            "several-values",
        ),
        (
            "(;FF[3]GM[1]SZ[19];B[pd];W[tt];B[dd])",
            ";W[];B[dd]",
            "pass: W[tt] → W[]",
            "",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]L[aa][bb])",
            "LB[aa:a][bb:b]",
            "old property: L[aa][bb] → LB[aa:a][bb:b]",
            "old-property",
        ),
        (
            "(;FF[4]GM[1]SZ[19]KI[13];B[pd])",
            "KM[6.5]",
            "old property: KI[13] → KM[6.5]",
            "old-property",
        ),
        (
            "(;FF[4]GM[1]SZ[19]((;B[aa];W[bb]))(;B[cc]))",
            "SZ[19]\n;B[aa];W[bb])\n",
            "variation start: (( → (",
            "illegal-variation-start",
        ),
    ];
    for (input, holds, note, gone) in cases {
        let (out, notes) = fix(input);
        assert!(out.contains(holds), "{input}: {out}");
        assert!(out.contains(&ap), "{input}: {out}");
        assert!(notes.iter().any(|n| n.contains(note)), "{input}: {notes:?}");
        assert!(
            notes.iter().any(|n| n.starts_with("fixed the application")),
            "{notes:?}"
        );
        if !gone.is_empty() {
            assert!(
                codes(input).iter().any(|c| c == gone),
                "{input} reports {gone}"
            );
            assert!(
                !codes(&out).iter().any(|c| c == gone),
                "{out} still reports {gone}"
            );
        }
        // The output is stable: fixed again, it is the same and nothing is corrected.
        let (again, notes) = fix(&out);
        assert_eq!(again, out, "{input}");
        assert!(notes.is_empty(), "{input}: {notes:?}");
    }
}

#[test]
fn without_fix_nothing_is_corrected() {
    let sgf = "(;FF[4]GM[1]SZ[19]DT[14 apr 97]KM[650]B[pd];W[dd])";
    let (out, err, _) = qipu_with_input(
        &["convert", "--to", "sgf", "--game", "go", "-"],
        sgf.as_bytes(),
    );
    assert!(
        out.contains("DT[14 apr 97]") && out.contains("KM[650]"),
        "{out}"
    );
    assert!(out.contains("B[pd]") && !out.contains("AP[qipu"), "{out}");
    assert!(!err.contains("fixed"), "{err}");
}

#[test]
fn a_value_that_cannot_be_read_is_left_as_it_is() {
    let sgf = "(;FF[4]GM[1]SZ[19]DT[a sunny afternoon]RE[john wins];B[pd])";
    let (out, notes) = fix(sgf);
    assert!(notes.is_empty(), "{notes:?}");
    assert!(
        out.contains("DT[a sunny afternoon]") && out.contains("RE[john wins]"),
        "{out}"
    );
    assert!(!out.contains("AP[qipu"), "nothing was rewritten: {out}");
}

#[test]
fn a_komi_that_is_no_number_is_dropped_with_a_warning() {
    let sgf = "(;FF[4]GM[1]SZ[19]KM[five];B[pd])";
    let (out, err, _) = qipu_with_input(
        &["convert", "--fix", "--to", "sgf", "--game", "go", "-"],
        sgf.as_bytes(),
    );
    assert!(!out.contains("KM["), "{out}");
    assert!(
        err.contains("warning[fixed]: fixed the komi: KM[five] → left out: not a number"),
        "{err}"
    );
}
