//! SGFC's structural checks that qipu makes too, each on the minimal case that shows it
//! (SGFC's message number in the comment): the code, severity and text of what is found,
//! and that a clean record says nothing.

use qipu::{read_str, Document, Game, ReadOptions, Severity};

use crate::support::pointed::pointed_at;

/// `sgf` read as Go.
fn read(sgf: &str) -> Document {
    let options = ReadOptions {
        game: Some(Game::Go),
        ..ReadOptions::default()
    };
    read_str("check.sgf", sgf, &options)
}

/// Every diagnostic of `sgf` read as Go: (code, severity, the text it points at).
fn found(sgf: &str) -> Vec<(&'static str, Severity, String)> {
    read(sgf)
        .records
        .iter()
        .flat_map(|report| &report.diagnostics)
        .map(|d| (d.code(), d.severity, pointed_at(sgf, d)))
        .collect()
}

fn expect(sgf: &str, expected: &[(&str, Severity, &str)]) {
    let got = found(sgf);
    let got: Vec<(&str, Severity, &str)> =
        got.iter().map(|(c, s, t)| (*c, *s, t.as_str())).collect();
    assert_eq!(got, expected, "{sgf}");
}

use Severity::{Error, Note, Warning};

#[test]
fn a_property_that_holds_one_value_given_several() {
    // E13. Different values of a property the replay or the count reads are an error.
    expect(
        "(;FF[4]GM[1]SZ[19]CA[UTF-8][UTF-8]GN[a][b]KM[6.5][7.5];B[aa])",
        &[
            ("several-values", Warning, "CA[UTF-8][UTF-8]"),
            ("several-values", Warning, "GN[a][b]"),
            ("several-values", Error, "KM[6.5][7.5]"),
        ],
    );
}

#[test]
fn identifiers_with_lower_case_letters() {
    // E16: read as their capitals; one with no capital is the parser's error.
    expect(
        "(;FF[4]GM[1]SZ[19];Black[pd];nolowercaseW[dd])",
        &[
            ("mixed-case-identifier", Warning, "Black"),
            ("mixed-case-identifier", Warning, "nolowercaseW"),
        ],
    );
    expect(
        "(;FF[4]GM[1]SZ[19];b[aa];W[bb])",
        &[("lowercase-identifier", Warning, "b")],
    );
    let long = "A".repeat(101);
    expect(
        &format!("(;FF[4]GM[1]SZ[19]{long}[x];B[aa])"),
        &[("long-identifier", Warning, long.as_str())],
    );
}

#[test]
fn annotations_that_contradict_or_need_a_move() {
    // E41, E42, E43.
    expect(
        "(;FF[4]GM[1]SZ[19]GB[1]GW[1];B[aa]BM[1]TE[1];W[bb];TE[1])",
        &[
            ("conflicting-annotations", Warning, "GW[1]"),
            ("conflicting-annotations", Warning, "TE[1]"),
            ("annotation-without-move", Warning, "TE[1]"),
        ],
    );
}

#[test]
fn markup_points_are_unique_in_a_node() {
    // E38.
    expect(
        "(;FF[4]GM[1]SZ[19];B[aa]MA[bb][bb]TR[bb]CR[cc])",
        &[
            ("duplicate-markup", Warning, "[bb]"),
            ("duplicate-markup", Warning, "[bb]"),
        ],
    );
}

#[test]
fn game_information_in_two_nodes_of_one_path() {
    // E44; two variations may each hold their own game's information.
    expect(
        "(;FF[4]GM[1]SZ[19]PB[x];B[aa];W[bb];B[cc]PW[y])",
        &[("game-info-in-two-nodes", Warning, "PW[y]")],
    );
    expect("(;FF[4]GM[1]SZ[19](;PB[x];B[aa])(;PB[y];B[bb]))", &[]);
}

#[test]
fn file_format_and_board() {
    // E46 (critical), E47, E51, E65.
    expect(
        "(;FF[7]GM[1]SZ[19:19];B[aa])",
        &[
            ("unknown-file-format", Error, "[7]"),
            ("square-as-rectangle", Warning, "[19:19]"),
        ],
    );
    expect(
        "(;FF[1]GM[1]SZ[19:13];B[aa])",
        &[("rectangle-in-ff1", Warning, "[19:13]")],
    );
    expect(
        "(;FF[3]GM[1]SZ[19];B[aa];W[];B[tt])",
        &[("empty-pass-in-ff3", Warning, "[]")],
    );
    // In FF[4], `[]` is the pass.
    expect("(;FF[4]GM[1]SZ[19];B[aa];W[])", &[]);
}

#[test]
fn values_in_a_loose_form() {
    // E15, W22, E23, and FF[3] properties in an FF[4] file (W40, W59).
    expect(
        "(;FF[4]GM[1]SZ[19]AP[foo]KI[5]L[aa]C[a\u{1}b];B[aa]BL[34.]WL[1e3])",
        &[
            ("application-without-version", Warning, "[foo]"),
            ("old-property", Note, "KI[5]"),
            ("old-property", Note, "L[aa]"),
            ("control-characters", Warning, "[a\u{1}b]"),
            ("loose-real", Warning, "[34.]"),
            ("bad-value", Warning, "[1e3]"),
        ],
    );
}

#[test]
fn a_clean_record_says_nothing() {
    expect(
        "(;FF[4]GM[1]SZ[19]AP[qipu:1.0]CA[UTF-8]PB[a]PW[b]KM[7.5]DT[2026-12-01]\
         ;B[pd]C[a comment]BM[1];W[dp]TR[aa][bb]MA[cc];B[pp]BL[34.5]GB[1])",
        &[],
    );
}

#[test]
fn two_moves_of_one_colour_in_a_row() {
    // SGFC's strict mode: the pass between them is probably missing.
    expect(
        "(;FF[4]GM[1]SZ[19];B[aa];B[bb];W[cc])",
        &[("same-colour-twice", Warning, "B[bb]")],
    );
    // Setup, or PL, between them says whose turn it is; a handicap lets White begin.
    expect("(;FF[4]GM[1]SZ[19];B[aa];AB[dd];B[bb])", &[]);
    expect("(;FF[4]GM[1]SZ[19];B[aa];PL[B];B[bb])", &[]);
    expect("(;FF[4]GM[1]SZ[19]HA[2]AB[dd][pp];W[aa];B[bb])", &[]);
    // Each variation follows its own line.
    expect("(;FF[4]GM[1]SZ[19];B[aa](;W[bb])(;W[cc]))", &[]);
}

#[test]
fn a_pass_between_two_stones_of_one_colour_is_no_fault() {
    expect("(;FF[4]GM[1]SZ[19];B[aa];W[];B[bb])", &[]);
    expect("(;FF[4]GM[1]SZ[19];B[aa](;W[]C[a];B[cd])(;W[bb]))", &[]);
}

#[test]
fn a_variation_that_opens_with_another_parenthesis() {
    // E21 (critical): the `(` that opens no node is ignored, as SGFC does, so an unmatched
    // one no longer swallows the trees after it.
    let sgf = "(;FF[4]GM[1]SZ[19]((;B[aa];W[bb])(;B[cc]))\n(;FF[4]GM[1]SZ[19];B[dd])";
    expect(sgf, &[("illegal-variation-start", Error, "(")]);
    let document = read(sgf);
    let plies: Vec<u32> = document.records.iter().map(|r| r.plies).collect();
    assert_eq!(plies, [2, 1], "the second tree stands alone");
    assert!(document.records[1].diagnostics.is_empty());
}

#[test]
fn setup_that_changes_nothing() {
    // W39; a point set twice in one node is `duplicate-setup-point` alone.
    expect(
        "(;FF[4]GM[1]SZ[19]AB[dd];AB[dd]AE[ee];B[aa])",
        &[
            ("setup-changes-nothing", Warning, "[dd]"),
            ("setup-changes-nothing", Warning, "[ee]"),
        ],
    );
    expect(
        "(;FF[4]GM[1]SZ[19]AB[dd][dd];B[aa])",
        &[("duplicate-setup-point", Warning, "[dd]")],
    );
}

#[test]
fn sgf_before_the_first_tree() {
    // W6: properties outside any tree; plain words, brackets and banners are not.
    let sgf = "GM[1]SZ[19]\n(;FF[4]GM[1]SZ[19];B[aa])";
    expect(sgf, &[("sgf-before-tree", Warning, "GM[1]SZ[19]")]);
    expect(
        "Game 3 from the club [archive], ABC[x] (c) 2020\n(;FF[4]GM[1]SZ[19];B[aa])",
        &[],
    );
    // Values without their identifier, on a line of their own among prose: the line is
    // pointed at, as SGFC points at it.
    expect(
        "Notes on the game.\n[aa][bb]\nMore notes.\n(;FF[4]GM[1]SZ[19];B[aa])",
        &[("sgf-before-tree", Warning, "[aa][bb]")],
    );
}

#[test]
fn ki_is_obsolete_in_every_file_format() {
    // W59: KI, an integer komi, was replaced by KM; a note in an FF[1] file too, but
    // the other FF[1]–FF[3] properties are at home there.
    expect(
        "(;GM[1]SZ[19]KI[11]L[aa];B[aa])",
        &[("old-property", Note, "KI[11]")],
    );
}

#[test]
fn empty_values_where_the_type_forbids_them() {
    // W17: `C[ ]` is fine; an empty size, handicap or setup point changes the game (an
    // error), an empty markup point only the picture (a warning).
    expect(
        "(;FF[4]GM[1]SZ[]HA[]AB[];B[aa]C[ ]TR[])",
        &[
            ("bad-value", Error, "[]"),
            ("bad-value", Error, "[]"),
            ("bad-value", Error, "[]"),
            ("bad-value", Warning, "[]"),
        ],
    );
}

#[test]
fn a_later_tree_that_declares_another_charset() {
    // W72: the file is decoded as its first tree declares; a later tree that says
    // otherwise was read in that charset all the same. Labels of one encoding agree.
    let sgf = "(;FF[4]CA[UTF-8]GM[1]SZ[9];B[aa])(;FF[4]CA[GB2312]GM[1]SZ[9];B[bb])\
               (;FF[4]CA[utf8]GM[1]SZ[9];B[cc])(;FF[4]GM[1]SZ[9];B[dd])";
    expect(sgf, &[("other-charset", Warning, "[GB2312]")]);
    // Read whole from bytes, and streamed from standard input, it is the same.
    let (json, _, _) = crate::support::run::qipu_with_input(
        &["validate", "--format", "json", "--game", "go", "-"],
        sgf.as_bytes(),
    );
    assert_eq!(
        json.matches("\"code\":\"other-charset\"").count(),
        1,
        "{json}"
    );
    let document = qipu::read_document("w72.sgf", sgf.as_bytes(), &ReadOptions::default());
    let codes: Vec<&str> = document
        .records
        .iter()
        .flat_map(|r| &r.diagnostics)
        .map(|d| d.code())
        .collect();
    assert_eq!(codes, ["other-charset"]);
}
