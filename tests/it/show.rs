//! `qipu show` (a record's board as text, SVG and PNG) and `convert --to json
//! --positions`: snapshots of the boards of each family, the flags and exit statuses,
//! the pixels of the PNGs, and positions checked against FENs worked out by hand.

use resvg::{tiny_skia, usvg};

use crate::support::run::qipu;
use crate::support::snapshot::snapshot_name;

/// One position of each family: a Shatar game before its illegal move, a draughts game
/// ending on a long capture by a new king, a Go game with a capture before a stone
/// played on an occupied point.
const BOARDS: [&str; 3] = [
    "samples/shatar/error-illegal-move.txt",
    "samples/draughts/russian_numeric_promotion.pdn",
    "tests/fixtures/show/capture-then-occupied.sgf",
];

#[test]
fn text_and_svg_snapshots() {
    for path in BOARDS {
        for format in ["text", "svg"] {
            let (out, err, status) = qipu(&["show", "--format", format, path]);
            assert_eq!(status, 0, "{path} {format}: {err}");
            insta::assert_snapshot!(snapshot_name(&format!("show_{format}"), path), out);
        }
    }
    let (zh, _, status) = qipu(&["show", "--pieces", "zh", BOARDS[0]]);
    assert_eq!(status, 0);
    insta::assert_snapshot!(snapshot_name("show_text_zh", BOARDS[0]), zh);
}

#[test]
fn the_default_board_is_the_one_before_the_first_error() {
    // 3. Bc1—g5 is illegal (the d2 pawn blocks it): the board is after 2... Nb8—c6,
    // the knight's move marked, and the bishop's squares c1 and g5 marked as the error.
    let (default, _, status) = qipu(&["show", BOARDS[0]]);
    assert_eq!(status, 0);
    let (before_error, _, _) = qipu(&["show", "--error", BOARDS[0]]);
    let (at_four, _, _) = qipu(&["show", "--ply", "4", BOARDS[0]]);
    assert_eq!(default, before_error);
    assert_eq!(
        default, at_four,
        "ply 4 is the one before the error, so it is marked"
    );
    let row = |board: &str, rank: &str| {
        board
            .lines()
            .find(|line| line.starts_with(rank))
            .unwrap()
            .to_string()
    };
    assert_eq!(row(&default, "1 "), "1 │ R  N [B] Q  K  B  ·  R │");
    assert_eq!(row(&default, "5 "), "5 │ ·  ·  ·  ·  p  · [·] · │");
    assert_eq!(row(&default, "6 "), "6 │ ·  · (n) ·  ·  ·  ·  · │");
    assert_eq!(row(&default, "8 "), "8 │ r (·) b  q  k  b  n  r │");
    // A record without errors shows its final position.
    let (end, _, status) = qipu(&["show", "samples/shatar/latin-full.txt"]);
    assert_eq!(status, 0);
    assert!(end.contains("after ply"), "{end}");
    assert!(!end.contains("next:"), "{end}");
}

#[test]
fn flags_and_exit_statuses() {
    let (start, _, status) = qipu(&["show", "--ply", "0", BOARDS[0]]);
    assert_eq!(status, 0);
    assert!(start.contains("start position · White to move"), "{start}");
    // Past the end, or an error asked of a record without one: 1, and said why.
    let (out, err, status) = qipu(&["show", "--ply", "5", BOARDS[0]]);
    assert_eq!((out.as_str(), status), ("", 1));
    assert!(err.contains("ply 5 is past the end"), "{err}");
    let (_, err, status) = qipu(&["show", "--error", "samples/shatar/latin-full.txt"]);
    assert_eq!(status, 1);
    assert!(err.contains("no error"), "{err}");
    // Usage: a record that is not there, --ply with --error, two files.
    let (_, err, status) = qipu(&["show", "--record", "1", BOARDS[0]]);
    assert_eq!(status, 2);
    assert!(err.contains("holds 1 record"), "{err}");
    let (_, _, status) = qipu(&["show", "--ply", "1", "--error", BOARDS[0]]);
    assert_eq!(status, 2);
    let (_, _, status) = qipu(&["show", BOARDS[0], BOARDS[1]]);
    assert_eq!(status, 2);
    let (_, err, status) = qipu(&["show", "no/such/file.pgn"]);
    assert_eq!(status, 2, "{err}");
    // --record counts from 0, as JSON's index: the second game of a collection.
    let (second, _, status) = qipu(&["show", "--record", "1", "samples/shatar/collection.pgn"]);
    assert_eq!(status, 0);
    let (first, _, _) = qipu(&["show", "samples/shatar/collection.pgn"]);
    assert_ne!(first, second);
    // -o writes the file and nothing to standard output.
    let dir = std::env::temp_dir().join(format!("qipu-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    let (out, _, status) = qipu(&[
        "show",
        "--format",
        "svg",
        "-o",
        file.to_str().unwrap(),
        BOARDS[2],
    ]);
    assert_eq!((out.as_str(), status), ("", 0));
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("<svg "));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_svg_can_stand_inline_many_times() {
    for path in BOARDS {
        let (svg, _, _) = qipu(&["show", "--format", "svg", path]);
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 "#));
        for outside in [" id=", "href", "url(", "<use", "<defs", "<style", "<image"] {
            assert!(!svg.contains(outside), "{path}: {outside}");
        }
        // It parses as SVG.
        usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("valid SVG");
    }
}

/// A picture's pixel at `(x, y)` in its own units, as RGB.
fn pixel(pixmap: &tiny_skia::Pixmap, scale: f32, (x, y): (f32, f32)) -> (u8, u8, u8) {
    let p = pixmap
        .pixel((x * scale) as u32, (y * scale) as u32)
        .expect("inside the picture")
        .demultiply();
    (p.red(), p.green(), p.blue())
}

/// The boards' geometry: 26 px of margin on the left, 14 on top, 44 px a cell for a
/// board up to 10 wide; the PNG is drawn at twice the SVG's size.
fn centre(column: u32, row: u32) -> (f32, f32) {
    (
        26.0 + 44.0 * column as f32 + 22.0,
        14.0 + 44.0 * row as f32 + 22.0,
    )
}

fn offset((x, y): (f32, f32), dx: f32, dy: f32) -> (f32, f32) {
    (x + dx * 44.0, y + dy * 44.0)
}

fn dark((r, g, b): (u8, u8, u8)) -> bool {
    r < 60 && g < 60 && b < 60
}

fn blue((r, g, b): (u8, u8, u8)) -> bool {
    b > 150 && r < 80 && g < 130
}

fn light((r, g, b): (u8, u8, u8)) -> bool {
    r > 230 && g > 230 && b > 230
}

fn wood((r, g, b): (u8, u8, u8)) -> bool {
    (200..240).contains(&r) && (160..200).contains(&g) && (70..115).contains(&b)
}

fn gold((r, g, b): (u8, u8, u8)) -> bool {
    r > 200 && (150..190).contains(&g) && b < 60
}

/// The PNG `qipu show` writes for `path`.
fn png(path: &str) -> tiny_skia::Pixmap {
    let dir = std::env::temp_dir().join(format!("qipu-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "{}.png",
        std::path::Path::new(path)
            .file_stem()
            .unwrap()
            .to_str()
            .unwrap()
    ));
    let (_, err, status) = qipu(&[
        "show",
        "--format",
        "png",
        "-o",
        file.to_str().unwrap(),
        path,
    ]);
    assert_eq!(status, 0, "{err}");
    let pixmap = tiny_skia::Pixmap::load_png(&file).expect("a PNG");
    std::fs::remove_file(&file).unwrap();
    pixmap
}

/// The pixels that tell the position, with fonts or without: a stone, a piece, a crown
/// are shapes in their side's colours.
fn check_pixels(
    shatar: &tiny_skia::Pixmap,
    draughts: &tiny_skia::Pixmap,
    go: &tiny_skia::Pixmap,
    scale: f32,
) {
    // Shatar: Blue's rook on a8 is blue, White's rook on a1 white, e4's pawn white,
    // e5's blue; d4 is an empty light square... (a disc's edge, clear of its letter).
    let edge = |c, r| offset(centre(c, r), -0.3, 0.0);
    assert!(blue(pixel(shatar, scale, edge(0, 0))), "a8");
    assert!(light(pixel(shatar, scale, edge(0, 7))), "a1");
    assert!(light(pixel(shatar, scale, edge(4, 4))), "e4");
    assert!(blue(pixel(shatar, scale, edge(4, 3))), "e5");
    let d4 = pixel(shatar, scale, centre(3, 4));
    assert!(!blue(d4) && !light(d4), "d4 is an empty square: {d4:?}");
    // Draughts: White's new king on 2 (c1) wears its crown; 5 (b2) is a white man; 31
    // (f8), where the king set out, is empty.
    assert!(
        gold(pixel(draughts, scale, offset(centre(2, 7), 0.0, 0.06))),
        "crown on c1"
    );
    assert!(
        light(pixel(draughts, scale, offset(centre(1, 6), -0.3, 0.0))),
        "man on b2"
    );
    assert!(!light(pixel(draughts, scale, centre(5, 0))), "f8 is empty");
    assert!(
        !gold(pixel(draughts, scale, offset(centre(1, 6), 0.0, 0.06))),
        "b2 is no king"
    );
    // Go: Black's stones round the captured one are black, the captured point is
    // board-coloured again, White's stone on A9 is white.
    assert!(
        dark(pixel(go, scale, offset(centre(4, 3), -0.36, 0.0))),
        "E6"
    );
    assert!(
        dark(pixel(go, scale, offset(centre(3, 4), -0.36, 0.0))),
        "D5"
    );
    assert!(
        wood(pixel(go, scale, offset(centre(4, 4), 0.25, 0.25))),
        "E5 is empty again"
    );
    assert!(
        light(pixel(go, scale, offset(centre(0, 0), -0.36, 0.0))),
        "A9"
    );
}

#[test]
fn png_pixels() {
    check_pixels(&png(BOARDS[0]), &png(BOARDS[1]), &png(BOARDS[2]), 2.0);
}

/// The SVG as a renderer with no font at all draws it.
fn without_fonts(path: &str) -> tiny_skia::Pixmap {
    let (svg, _, _) = qipu(&["show", "--format", "svg", path]);
    let options = usvg::Options::default();
    assert_eq!(options.fontdb.len(), 0, "no font loaded");
    let tree = usvg::Tree::from_str(&svg, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

#[test]
fn without_fonts_the_picture_is_still_true() {
    check_pixels(
        &without_fonts(BOARDS[0]),
        &without_fonts(BOARDS[1]),
        &without_fonts(BOARDS[2]),
        1.0,
    );
}

#[test]
fn a_png_is_not_written_to_a_terminal() {
    // The test's standard output is a pipe, so the PNG comes out; a terminal is refused
    // (checked by hand: `qipu show --format png FILE` in a terminal says to pass -o).
    let (out, _, status) = {
        let output = crate::support::run::command()
            .args(["show", "--format", "png", BOARDS[2]])
            .output()
            .unwrap();
        (output.stdout, (), output.status.code().unwrap())
    };
    assert_eq!(status, 0);
    assert!(out.starts_with(b"\x89PNG\r\n\x1a\n"));
}

/// The `position` of each main-line move of the JSON of `path`.
fn positions(path: &str) -> Vec<String> {
    let (out, err, status) = qipu(&["convert", "--to", "json", "--positions", path]);
    assert!(status <= 1, "{err}");
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn positions_after_each_move() {
    // Shatar, worked out by hand from the rulebook's opening 1. e2—e4 e7—e5 2. Ng1—f3
    // Nb8—c6 (the forced pair, then the knights; no castling or en passant fields).
    let shatar = positions(BOARDS[0]);
    assert_eq!(
        shatar,
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b - - 1 2",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3",
        ]
    );
    // Draughts, by hand: 1. 12-16 (g3-h4) in the rulebook's numbers, then 22-19
    // (f6-e5); PDN writes the Russian record's squares as algebraic.
    let draughts = positions(BOARDS[1]);
    assert_eq!(
        draughts[..2],
        [
            "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,h4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
            "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,h4:Be5,b6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
        ]
    );
    // The last move, 31x2, takes the last black men and crowns the white one on c1.
    assert_eq!(draughts.last().unwrap(), "B:WKc1,b2,a5:B");
    // Go: the row of E6 (ed) after the first move, and the capture of E5 at move 7.
    let go = positions(BOARDS[2]);
    assert_eq!(go.len(), 7, "the moves before the error");
    assert_eq!(go[0].split('/').nth(3), Some("....X...."));
    assert_eq!(
        go[6].split('/').nth(4),
        Some("...X.X..."),
        "E5 taken: {}",
        go[6]
    );
    assert_eq!(go[5].split('/').nth(4), Some("....OX..."), "{}", go[5]);
    assert_eq!(go[0].split('/').count(), 9);
}

#[test]
fn positions_change_nothing_else() {
    for path in BOARDS {
        let (plain, _, _) = qipu(&["convert", "--to", "json", path]);
        let (with, _, _) = qipu(&["convert", "--to", "json", "--positions", path]);
        let mut with: serde_json::Value =
            serde_json::from_str(with.lines().next().unwrap()).unwrap();
        fn strip(value: &mut serde_json::Value) {
            match value {
                serde_json::Value::Object(map) => {
                    map.remove("position");
                    map.values_mut().for_each(strip);
                }
                serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
                _ => {}
            }
        }
        strip(&mut with);
        let plain: serde_json::Value = serde_json::from_str(plain.lines().next().unwrap()).unwrap();
        assert_eq!(with, plain, "{path}");
    }
    let (_, err, status) = qipu(&["convert", "--to", "pgn", "--positions", BOARDS[0]]);
    assert_eq!(status, 2);
    assert!(err.contains("--positions is for --to json"), "{err}");
}

#[test]
fn positions_in_variations_start_from_the_move_they_replace() {
    let (out, _, _) = qipu(&[
        "convert",
        "--to",
        "json",
        "--positions",
        "samples/go/variations.sgf",
    ]);
    let record: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let moves = record["moves"].as_array().unwrap();
    let (i, node) = moves
        .iter()
        .enumerate()
        .find(|(_, m)| m.get("variations").is_some())
        .expect("a move with variations");
    let before = if i == 0 {
        None
    } else {
        Some(moves[i - 1]["position"].as_str().unwrap())
    };
    let first = &node["variations"][0][0];
    // The alternative's board differs from the position before it by its one stone.
    let after = first["position"].as_str().unwrap();
    let stones = |board: &str| board.chars().filter(|c| *c == 'X' || *c == 'O').count();
    assert_eq!(stones(after), before.map_or(0, stones) + 1, "{first}");
}

#[test]
fn the_library_draws_the_board_before_any_diagnostic() {
    let path = "samples/shatar/rulebook-full.txt";
    let bytes = std::fs::read(crate::support::fixtures::root().join(path)).unwrap();
    let options = qipu::ReadOptions {
        keep_records: true,
        ..qipu::ReadOptions::default()
    };
    let document = qipu::read_document(path, &bytes, &options);
    let report = &document.records[0];
    let diagnostic = report
        .diagnostics
        .iter()
        .find(|d| d.code() == "no-such-piece")
        .expect("the rulebook's impossible move");
    let board = qipu::board_before(
        &document,
        report,
        diagnostic,
        qipu::write::Pieces::Latin,
        qipu::lang::Lang::En,
    )
    .expect("a board");
    // 6... Kd8—d7 names d8, where Blue's queen stands (its king is on e8), and d7: the
    // error's squares are the two in [ ].
    let text = board.to_text();
    assert!(text.contains("\nafter ply 11,"), "{text}");
    assert!(text.contains("8 │ r  n  · [q] k"), "{text}");
    assert!(text.contains("7 │ p  p  p [·] ·"), "{text}");
    assert_eq!(text.matches('[').count(), 2, "{text}");
    assert_eq!(board.to_svg().matches("<svg").count(), 1);
    let (shown, _, _) = qipu(&["show", path]);
    assert_eq!(shown, board.to_text(), "the default board is the same one");
}

#[test]
fn go_setup_after_the_root_is_on_the_board() {
    // AB[ee] AW[dd] AE[aa] stand between moves 2 and 3: on the board from then on.
    let path = "tests/fixtures/show/setup-in-the-middle.sgf";
    let (board, err, status) = qipu(&["show", "--ply", "3", path]);
    assert_eq!(status, 0, "{err}");
    let row = |n: &str| {
        board
            .lines()
            .find(|line| line.starts_with(n))
            .unwrap()
            .to_string()
    };
    assert_eq!(row("9 "), "9 │ ·  ·  ·  ·  ·  ·  ·  ·  · │", "aa cleared");
    assert_eq!(row("6 "), "6 │ ·  ·  ·  ○  ·  ·  ·  ·  · │");
    assert_eq!(row("5 "), "5 │ ·  ·  ·  ·  ●  ·  ·  ·  · │");
    assert_eq!(row("4 "), "4 │ ·  ·  ·  ·  · (●) ·  ·  · │");
    let (start, _, _) = qipu(&["show", "--ply", "0", path]);
    assert!(start.starts_with("  ┌"), "{start}");
    assert!(start.contains("9 │ ●  ·"), "the root's setup: {start}");
}

#[test]
fn a_draughts_error_marks_the_squares_written() {
    // 42... f6:h4 fits two captures: f6 (the black king) and h4 are framed; the last
    // move, d6-e5, is marked.
    let (board, _, status) = qipu(&["show", "samples/draughts/russian_algebraic_ambiguous.pdn"]);
    assert_eq!(status, 0);
    let row = |n: &str| {
        board
            .lines()
            .find(|line| line.starts_with(n))
            .unwrap()
            .to_string()
    };
    assert_eq!(row("6 "), "6 │    ·    (·)   [B]    b │");
    assert_eq!(row("5 "), "5 │ ·     ·    (W)    ·    │");
    assert_eq!(row("4 "), "4 │    ·     ·     ·    [·]│");
}
