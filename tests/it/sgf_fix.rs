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
        .filter_map(|l| {
            l.strip_prefix("note[fixed]: ")
                .or_else(|| l.strip_prefix("warning[fixed]: "))
        })
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
        // Item 3: a repeat in one node is written once by the first --fix already.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]KM[7.5]KM[7.5])",
            ";B[pd]KM[7.5])",
            "repeated property: KM[7.5]KM[7.5] → KM[7.5]",
            "merged-property",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]C[a]C[b])",
            ";B[pd]C[a\nb])",
            "repeated property: C[a]C[b] → C[a",
            "merged-property",
        ),
        // SGFC E30, E37: nodes split.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]AB[dd][pp]C[x])",
            ";AB[dd][pp];B[pd]C[x])",
            "setup and move in one node: ;B[pd]AB[dd][pp]C[x] → two nodes",
            "mixed-setup-move",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[aa]W[ab])",
            ";B[aa];W[ab])",
            "two moves in one node: ;B[aa]W[ab] → two nodes",
            "two-moves-in-node",
        ),
        // E32, E44: root properties and game information out of place.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]SZ[12])",
            "SZ[19]\n;B[pd])",
            "root property outside the root: SZ[12] → left out",
            "root-property-outside-root",
        ),
        (
            "(;FF[4]GM[1]SZ[19]PB[a];B[pd]PW[b])",
            "PB[a]PW[b]\n;B[pd])",
            "game information outside its node: PW[b] → PW[b] moved",
            "game-info-in-two-nodes",
        ),
        // E15: values repaired.
        (
            "(;FF[4]GM[1]SZ[19];B[c   c])",
            ";B[cc])",
            "value: B[c   c] → B[cc]",
            "bad-move",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]BL[34.])",
            ";B[pd]BL[34])",
            "value: BL[34.] → BL[34]",
            "loose-real",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]OB[1 kk])",
            ";B[pd]OB[1])",
            "value: OB[1 kk] → OB[1]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]DM[])",
            ";B[pd]DM[1])",
            "value: DM[] → DM[1]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]KO[xxxx])",
            ";B[pd]KO[])",
            "value: KO[xxxx] → KO[]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd];PL[w 123])",
            ";PL[W])",
            "value: PL[w 123] → PL[W]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19]TM[9 hours];B[pd])",
            "TM[32400]",
            "time: TM[9 hours] → TM[32400]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19]DT[12th and 13th march 94];B[pd])",
            "DT[1994-03-12,13]",
            "date: DT[12th and 13th march 94] → DT[1994-03-12,13]",
            "bad-date",
        ),
        (
            "(;FF[4]GM[1]SZ[19]KM[5 1/2];B[pd])",
            "KM[5.5]",
            "komi: KM[5 1/2] → KM[5.5]",
            "bad-komi",
        ),
        // E25: spaces in compose values.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]AR[a a: c r]LB[f f:text])",
            "AR[aa:cr]LB[ff:text]",
            "value: AR[a a: c r] → AR[aa:cr]",
            "bad-value",
        ),
        // E18, E47, E50: root values.
        (
            "(;FF[4]GM[game of go]SZ[19];B[pd])",
            "GM[1]",
            "root value: GM[game of go] → GM[1]",
            "not-go",
        ),
        (
            "(;FF[4]GM[1]SZ[19:19];B[pd])",
            "SZ[19]\n",
            "root value: SZ[19:19] → SZ[19]",
            "square-as-rectangle",
        ),
        (
            "(;FF[4]GM[1]SZ[200])",
            "SZ[52]\n",
            "root value: SZ[200] → SZ[52]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[10:53])",
            "SZ[10:52]\n",
            "root value: SZ[10:53] → SZ[10:52]",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[-10];B[pd])",
            "AP[qipu",
            "root value: SZ[-10] → left out: the board is 19×19",
            "bad-value",
        ),
        // E14, E17, E23, E11, E52: bad and empty values dropped.
        (
            "(;FF[4]GM[1]SZ[19];W[ce]WL[not much time left];B[90]N[keep])",
            ";W[ce];N[keep])",
            "value: WL[not much time left] → left out: not a number",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd];AW[]C[   ]N[]PL[W])",
            ";B[pd];PL[W])",
            "empty value: AW[] → left out: empty",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]LB[aa][bb]N[keep])",
            ";B[pd]N[keep])",
            "value: LB[aa][bb] → left out: not a point with a text",
            "bad-value",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd]XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX[x])",
            ";B[pd])",
            "long identifier: XXXX",
            "long-identifier",
        ),
        (
            "(;FF[4]GM[1]SZ[19];VW[][aa];B[pd])",
            ";VW[];B[pd])",
            "value: VW[][aa] → VW[]",
            "bad-value",
        ),
        // E38: markup twice; W39: setup that changes nothing.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]MA[aa][ab][aa];W[dd]TR[aa]MA[aa])",
            ";B[pd]MA[aa][ab];W[dd]TR[aa])",
            "markup: MA[aa][ab][aa] → MA[aa][ab]",
            "duplicate-markup",
        ),
        (
            "(;FF[4]GM[1]SZ[19]AB[aa:ab][aa];W[pd])",
            "AB[aa:ab]\n",
            "setup that changes nothing: AB[aa:ab][aa] → AB[aa:ab]",
            "duplicate-setup-point",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[aa];W[ab];AB[aa]AW[ab]AE[ac]N[keep])",
            ";W[ab];N[keep])",
            "setup that changes nothing: AB[aa] → left out",
            "",
        ),
        // W40: M is MA.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]M[dd])",
            ";B[pd]MA[dd])",
            "old property: M[dd] → MA[dd]",
            "old-property",
        ),
        // E41, E42, E43: annotations.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]GB[2]GW[1])",
            ";B[pd]GB[2])",
            "annotation: GW[1] → left out: it contradicts GB",
            "conflicting-annotations",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[cd]BM[1]TE[2];W[dc]TE[2]BM[1])",
            ";B[cd]DO[];W[dc]IT[])",
            "annotation: BM[1]TE[2] → DO[]",
            "conflicting-annotations",
        ),
        (
            "(;FF[4]GM[1]SZ[19];B[pd];TE[1]N[keep])",
            ";B[pd];N[keep])",
            "annotation: TE[1] → left out: no move in the node",
            "annotation-without-move",
        ),
        // W22: a NUL as a space.
        (
            "(;FF[4]GM[1]SZ[19];B[pd]N[\u{0}illegal])",
            ";B[pd]N[ illegal])",
            "NUL character: N[␀illegal] → N[ illegal]",
            "control-characters",
        ),
        (
            "(;FF[4]GM[1]SZ[19]AP[foxwq];B[pd])",
            "AP[qipu",
            "application: AP[foxwq] → AP[qipu",
            "application-without-version",
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

#[test]
fn a_result_with_a_quarter_is_left_as_written() {
    // B+5.75 reads as stones in qipu (Chinese records count quarters of stones), not as
    // the 5.75 points the sentence says: the sentence is kept, with its warning.
    let sgf = "(;FF[4]GM[1]SZ[19]RE[black wins by 5 3/4 points];B[pd])";
    let (out, notes) = fix(sgf);
    assert!(out.contains("RE[black wins by 5 3/4 points]"), "{out}");
    assert!(notes.is_empty(), "{notes:?}");
}

#[test]
fn an_sgfc_shaped_file_is_corrected_at_once() {
    let path = "tests/fixtures/sgf-fix/damaged.sgf";
    let sgf = std::fs::read_to_string(path).unwrap();
    let (out, notes) = fix(&sgf);
    // The version in AP changes with every release.
    let version = |text: &str| text.replace(env!("CARGO_PKG_VERSION"), "VERSION");
    insta::assert_snapshot!("sgfc_shaped_fixed", version(&out));
    insta::assert_snapshot!("sgfc_shaped_notes", version(&notes.join("\n")));
    let (again, notes) = fix(&out);
    assert_eq!(again, out);
    assert!(notes.is_empty(), "{notes:?}");
}
