//! Round-trip property over every family and writer: for every record read from the
//! samples, the real-shaped fixtures and the generated games, and from mutated copies of
//! them (support/mutate.rs, the same inputs as fuzz_round_trip.rs), what a
//! writer writes reads back with the same moves, comments, NAGs, variations, tags, start,
//! result and (Go) unknown properties, text compared after white-space normalisation; and
//! writing the record read back gives the same bytes again. JSON, which qipu does not read,
//! must carry that same content, computed here from the record itself.
//!
//! One test per writer, so that a writer bug marks only its own case.

use std::sync::OnceLock;

use qipu::draughts::Numbering;
use qipu::draughts::{PdnOptions, Squares};
use qipu::record::{FamilyTypes, Node, Record};
use qipu::shatar::{Notation, TextOptions};
use qipu::write::{write_record, Format, Pieces, WriteOptions};
use qipu::{read_document, AnyRecord, Game, ReadOptions};
use serde_json::Value;

use crate::support::family::{family, Family};
use crate::support::fixtures::root;
use crate::support::mutate;

/// Mutated copies, read once as each family.
const MUTATIONS: usize = 600;

/// Generated games of each family, beside the inputs support/mutate.rs lists.
const GENERATED: [&str; 4] = [
    "tests/fixtures/shatar",
    "tests/fixtures/draughts",
    "tests/fixtures/go/random",
    "tests/fixtures/go/archive/engine",
];

/// One move as a conversion must keep it.
#[derive(Debug, PartialEq)]
struct Move {
    /// The move itself: UCI (Shatar), landing squares and captures (draughts), colour and
    /// point (Go).
    id: String,
    comment: Option<String>,
    nags: Vec<u16>,
    variations: Vec<Vec<Move>>,
}

/// Tags sorted by name (writers put them in their own order), a repeated name kept as
/// often as the record has it, in the record's order.
#[derive(Debug, PartialEq)]
struct TagList(Vec<(String, String)>);

impl TagList {
    fn new(tags: impl Iterator<Item = (String, String)>) -> TagList {
        let mut tags: Vec<(String, String)> = tags.collect();
        tags.sort_by(|a, b| a.0.cmp(&b.0));
        TagList(tags)
    }

    fn contains_key(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| n == name)
    }

    fn get(&self, name: &str) -> Option<&String> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut String> {
        self.0.iter_mut().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    fn remove(&mut self, name: &str) {
        self.0.retain(|(n, _)| n != name);
    }

    fn retain(&mut self, keep: impl Fn(&String, &String) -> bool) {
        self.0.retain(|(n, v)| keep(n, v));
    }

    fn values(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(_, v)| v)
    }
}

/// What a conversion must keep of a record.
#[derive(Debug, PartialEq)]
struct Content {
    tags: TagList,
    start: Option<String>,
    comment: Option<String>,
    result: Option<String>,
    moves: Vec<Move>,
    unreplayed: Option<String>,
    /// Go only: every property of every node (preorder), known or not, but the format and
    /// encoding marks the writer sets.
    properties: Vec<Vec<(String, Vec<String>)>>,
}

/// White space runs as one space, none at the ends: line wrapping is form, not content.
fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the text formats write for a control character that is not white space: its
/// picture in the Unicode block Control Pictures (U+2400 on, U+2421 for DEL).
fn pictured(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\x7f' => '\u{2421}',
            c if c.is_ascii_control() && !c.is_whitespace() => {
                char::from_u32(0x2400 + u32::from(c)).expect("a picture")
            }
            c => c,
        })
        .collect()
}

/// `content` as a text format writes it: control characters as their pictures.
fn picture_content(content: &mut Content) {
    fn line(moves: &mut [Move]) {
        for m in moves {
            m.comment = m.comment.as_deref().map(pictured);
            m.variations.iter_mut().for_each(|v| line(v));
        }
    }
    for (name, value) in &mut content.tags.0 {
        *name = pictured(name);
        *value = pictured(value);
    }
    content.tags.0.sort_by(|a, b| a.0.cmp(&b.0));
    for text in [&mut content.comment, &mut content.unreplayed] {
        *text = text.as_deref().map(pictured);
    }
    line(&mut content.moves);
    for node in &mut content.properties {
        for (_, values) in node {
            values.iter_mut().for_each(|v| *v = pictured(v));
        }
    }
}

fn normal_opt(text: Option<&str>) -> Option<String> {
    text.map(normal).filter(|t| !t.is_empty())
}

fn line<M>(moves: &[Node<M>], id: &dyn Fn(&M) -> String) -> Vec<Move> {
    moves
        .iter()
        .map(|node| Move {
            id: id(&node.mv),
            comment: normal_opt(node.comment.as_deref()),
            nags: node.nags.clone(),
            variations: node.variations.iter().map(|v| line(v, id)).collect(),
        })
        .collect()
}

fn record_content<M: FamilyTypes, X>(record: &Record<M, X>, id: &dyn Fn(&M) -> String) -> Content {
    Content {
        tags: TagList::new(record.tags.0.iter().map(|(n, v)| (n.clone(), normal(v)))),
        start: record.start.as_ref().map(ToString::to_string),
        comment: normal_opt(record.comment.as_deref()),
        result: record.result.as_ref().map(ToString::to_string),
        moves: line(&record.moves, id),
        unreplayed: normal_opt(record.unreplayed.as_deref()),
        properties: Vec::new(),
    }
}

/// A draughts move as PDN keeps it: from, to and the pieces taken. Two routes that take
/// the same pieces are one move (PDN writes it from–to), so the landing squares between
/// are the reader's choice, not content.
fn draughts_id(path: &[u64], mut captured: Vec<u64>) -> String {
    captured.sort_unstable();
    let ends = [path.first(), path.last()].map(|sq| sq.map_or(String::new(), u64::to_string));
    let captured: Vec<String> = captured.iter().map(u64::to_string).collect();
    format!("{}-{}x{}", ends[0], ends[1], captured.join(","))
}

fn number(sq: qipu::draughts::Square) -> u64 {
    u64::from(sq.number(Numbering::Rulebook))
}

/// Identifiers the SGF writer sets itself (`FF[4]`, `CA[UTF-8]`).
const SGF_SET_BY_WRITER: [&str; 2] = ["FF", "CA"];

fn go_properties(tree: &qipu::go::sgf::GameTree) -> Vec<Vec<(String, Vec<String>)>> {
    tree.nodes()
        .map(|node| {
            let mut props: Vec<(String, Vec<String>)> = node
                .properties()
                .filter(|p| !SGF_SET_BY_WRITER.contains(&p.ident()))
                // GM[1] is the FF[4] default the writer inserts when it is missing.
                .filter(|p| !(node.is_root() && p.ident() == "GM"))
                .map(|p| {
                    let values = p.values().map(|v| normal(&v.text())).collect();
                    (p.ident().to_string(), values)
                })
                .collect();
            // The writer orders properties; the same identifiers keep their order.
            props.sort_by(|a, b| a.0.cmp(&b.0));
            merge_repeated(props)
        })
        .collect()
}

/// A property repeated in a node is one property to the writer, which merges it (as
/// SGFC and sgfmill do): its values in order, each once, texts of `C` and `GC` joined.
fn merge_repeated(props: Vec<(String, Vec<String>)>) -> Vec<(String, Vec<String>)> {
    let mut merged: Vec<(String, Vec<String>)> = Vec::new();
    for (ident, values) in props {
        match merged.last_mut() {
            Some((last, all)) if *last == ident => all.extend(values),
            _ => merged.push((ident, values)),
        }
    }
    for (ident, values) in &mut merged {
        if ["C", "GC"].contains(&ident.as_str()) && values.len() > 1 {
            *values = vec![normal(&values.join(" "))];
        }
        let mut seen = Vec::new();
        values.retain(|v| {
            let first = !seen.contains(v);
            seen.push(v.clone());
            first
        });
    }
    merged
}

fn content(record: &AnyRecord) -> Content {
    match family(record) {
        Family::Shatar(r) => record_content(r, &|m| m.mv.uci().to_string()),
        Family::Draughts(r) => record_content(r, &|m| {
            let path: Vec<u64> = m.mv.path().iter().map(|sq| number(*sq)).collect();
            draughts_id(&path, m.mv.captured_squares().map(number).collect())
        }),
        Family::Go(r) => {
            let mut content = record_content(r, &|m| {
                let point = m.point.map(|p| p.to_string()).unwrap_or_default();
                format!("{}{point}", m.color.letter())
            });
            content.properties = go_properties(&r.extra.tree);
            content
        }
    }
}

fn json_line(moves: &Value, game: Game) -> Vec<Move> {
    let text = |v: &Value| v.as_str().map(str::to_string);
    let numbers = |v: &Value| -> Vec<u64> {
        v.as_array()
            .expect("a list of squares")
            .iter()
            .map(|n| n.as_u64().expect("a square number"))
            .collect()
    };
    moves
        .as_array()
        .expect("a list of moves")
        .iter()
        .map(|m| Move {
            id: match game {
                Game::Shatar => text(&m["uci"]).expect("uci"),
                Game::Draughts => draughts_id(&numbers(&m["path"]), numbers(&m["captured"])),
                Game::Go => format!(
                    "{}{}",
                    text(&m["color"]).expect("color"),
                    text(&m["point"]).expect("point")
                ),
                other => panic!("no move form known for {other:?}"),
            },
            comment: normal_opt(m["comment"].as_str()),
            nags: m["nags"]
                .as_array()
                .map(|n| n.iter().map(|n| n.as_u64().expect("NAG") as u16).collect())
                .unwrap_or_default(),
            variations: m["variations"]
                .as_array()
                .map(|lines| lines.iter().map(|l| json_line(l, game)).collect())
                .unwrap_or_default(),
        })
        .collect()
}

/// The content of `convert --to json` output, read with serde_json.
fn json_content(json: &str, game: Game, properties: Vec<Vec<(String, Vec<String>)>>) -> Content {
    let value: Value = serde_json::from_str(json).expect("one JSON object");
    let text = |v: &Value| v.as_str().map(str::to_string);
    Content {
        tags: TagList::new(
            value["tags"]
                .as_object()
                .expect("tags")
                .iter()
                .flat_map(|(n, v)| {
                    // A repeated tag is the list of its values.
                    let values: Vec<&Value> = match v.as_array() {
                        Some(values) => values.iter().collect(),
                        None => vec![v],
                    };
                    values
                        .into_iter()
                        .map(move |v| (n.clone(), normal(v.as_str().expect("a tag value"))))
                }),
        ),
        start: text(&value["start"]),
        comment: normal_opt(value["comment"].as_str()),
        result: text(&value["result"]),
        moves: json_line(&value["moves"], game),
        unreplayed: normal_opt(value["unreplayed"].as_str()),
        // JSON carries no SGF properties beyond the tags; they are checked by the SGF case.
        properties,
    }
}

/// What the round trips of one writer covered, so that a test can insist on having seen
/// comments and variations, not only bare main lines.
#[derive(Debug, Default)]
struct Covered {
    records: usize,
    moves: usize,
    comments: usize,
    variations: usize,
}

impl Covered {
    fn add(&mut self, content: &Content) {
        fn line(covered: &mut Covered, moves: &[Move]) {
            for m in moves {
                covered.moves += 1;
                covered.comments += usize::from(m.comment.is_some());
                covered.variations += m.variations.len();
                for v in &m.variations {
                    line(covered, v);
                }
            }
        }
        self.records += 1;
        self.comments += usize::from(content.comment.is_some());
        line(self, &content.moves);
    }

    /// At least `records` round trips, with comments and variations among them.
    fn assert_at_least(&self, records: usize) {
        assert!(
            self.records >= records && self.comments > 0 && self.variations > 0,
            "too little covered: {self:?}"
        );
    }
}

/// Fails with the first place where the two differ, not two screens of debug output.
fn assert_same(got: &Content, expected: &Content, where_: &str, written: &str) {
    if got == expected {
        return;
    }
    let (got, expected) = (format!("{got:?}"), format!("{expected:?}"));
    let at = got
        .char_indices()
        .zip(expected.chars())
        .find(|((_, a), b)| a != b)
        .map_or(got.len().min(expected.len()), |((i, _), _)| i);
    let around = |text: &str| -> String {
        let start = text.floor_char_boundary(at.saturating_sub(160));
        let end = text.ceil_char_boundary((at + 160).min(text.len()));
        text[start..end].to_string()
    };
    let written: String = written.chars().take(600).collect();
    panic!(
        "{where_}: content differs\n     got: …{}…\nexpected: …{}…\nwritten:\n{written}",
        around(&got),
        around(&expected)
    );
}

/// One writer under test.
#[derive(Clone)]
struct Writer {
    game: Game,
    format: Format,
    options: WriteOptions,
}

impl Writer {
    fn new(game: Game, format: Format) -> Writer {
        Writer {
            game,
            format,
            options: WriteOptions::default(),
        }
    }
}

/// The inputs: the mutator's folders and the generated games, whole, then mutated copies
/// of the small ones.
fn inputs(what: &str) -> Vec<Vec<u8>> {
    let originals = mutate::originals(what);
    let mut files = originals.own.clone();
    for dir in GENERATED {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(dir))
            .expect("fixture folder")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x != "jsonl"))
            .collect();
        paths.sort();
        files.extend(
            paths
                .iter()
                .map(|p| std::fs::read(p).expect("readable file")),
        );
    }
    // Mutations of the small files only: the large generated collections are read whole,
    // and a few edits in one of their hundreds of games would add time, not cases.
    let mutated = mutate::Originals {
        own: files.clone(),
        shared: originals.shared.clone(),
    }
    .mutated(MUTATIONS, MUTATIONS / 3, 16 * 1024, 0x5EED_0F70_7E57);
    files.extend(originals.shared);
    files.extend(mutated);
    files
}

/// The inputs read as `game`, once for all the tests of the family.
fn documents(game: Game) -> &'static [qipu::Document] {
    static READ: [OnceLock<Vec<qipu::Document>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = match game {
        Game::Shatar => 0,
        Game::Draughts => 1,
        Game::Go => 2,
        other => panic!("no inputs for {other:?}"),
    };
    READ[slot].get_or_init(|| {
        inputs("round trips of corpus files")
            .iter()
            .map(|bytes| read(bytes, game))
            .collect()
    })
}

fn write(record: &AnyRecord, writer: &Writer) -> String {
    write_record(record, "property", 0, writer.format, &writer.options)
        .expect("the family's own writer accepts every record")
}

fn read(bytes: &[u8], game: Game) -> qipu::Document {
    let options = ReadOptions {
        game: Some(game),
        keep_records: true,
        ..ReadOptions::default()
    };
    read_document("property", bytes, &options)
}

/// The property for one writer; returns what the records that made the round trip held.
/// `adjust` sets aside what the format may change (its form) and known bugs; `skip`
/// leaves out records a known bug cannot be set aside for.
fn check_some(
    writer: Writer,
    adjust: fn(&mut Content, &mut Content),
    skip: fn(&Content) -> bool,
) -> Covered {
    let mut covered = Covered::default();
    for (input, document) in documents(writer.game).iter().enumerate() {
        for report in &document.records {
            if report.game != Some(writer.game) {
                continue;
            }
            let Some(record) = &report.record else {
                continue;
            };
            if skip(&content(record)) {
                continue;
            }
            let first = write(record, &writer);
            let where_ = format!(
                "input {input} record {} as {:?} {:?}",
                report.index, writer.format, writer.options
            );
            if writer.format == Format::Json {
                let properties = content(record).properties;
                let mut written = json_content(&first, writer.game, properties);
                let mut expected = content(record);
                adjust(&mut expected, &mut written);
                assert_same(&written, &expected, &where_, &first);
                assert_eq!(write(record, &writer), first, "{where_}: not deterministic");
                covered.add(&expected);
                continue;
            }
            if !report.valid() && writer.format == Format::Sgf {
                // SGF keeps every node as a node, replayed or not: read back, the record
                // is written to the same bytes.
                let again = read(first.as_bytes(), writer.game);
                let back = again.records.first().and_then(|r| r.record.as_ref());
                let back = back.unwrap_or_else(|| panic!("{where_}: nothing read back:\n{first}"));
                assert_eq!(
                    write(back, &writer),
                    first,
                    "{where_}: not the same bytes again"
                );
                continue;
            }
            if !report.valid() {
                // What could not be replayed is kept as written, so nothing is lost.
                if let Some(rest) = &record_unreplayed(record) {
                    // PDN has no comment that can hold braces: the rest's own comments
                    // are written in parentheses there.
                    let form = |text: &str| match writer.format {
                        Format::Pdn => normal(text).replace('{', "(").replace('}', ")"),
                        _ => normal(text),
                    };
                    assert!(
                        form(&first).contains(&form(&pictured(rest))),
                        "{where_}: the unreplayed rest {rest:?} is missing:\n{first}"
                    );
                }
                continue;
            }
            let again = read(first.as_bytes(), writer.game);
            let [back] = &again.records[..] else {
                panic!(
                    "{where_}: {} records read back:\n{first}",
                    again.records.len()
                );
            };
            assert!(
                back.valid(),
                "{where_}: does not read back valid: {:?}\n{first}",
                back.diagnostics
            );
            let back_record = back.record.as_ref().expect("records are kept");
            let mut expected = content(record);
            picture_content(&mut expected);
            let mut got = content(back_record);
            adjust(&mut expected, &mut got);
            assert_same(&got, &expected, &where_, &first);
            let second = write(back_record, &writer);
            assert_eq!(second, first, "{where_}: the second conversion differs");
            covered.add(&expected);
        }
    }
    covered
}

/// The property for every record.
fn check(writer: Writer, adjust: fn(&mut Content, &mut Content)) -> Covered {
    check_some(writer, adjust, |_| false)
}

fn record_unreplayed(record: &AnyRecord) -> Option<String> {
    match family(record) {
        Family::Shatar(r) => r.unreplayed.clone(),
        Family::Draughts(r) => r.unreplayed.clone(),
        Family::Go(r) => r.unreplayed.clone(),
    }
}

/// Nothing to set aside.
fn exact(_: &mut Content, _: &mut Content) {}

/// Tags a writer adds with the value that means "unknown", where the record had none.
fn drop_added_defaults(expected: &Content, got: &mut Content, defaults: &[(&str, &str)]) {
    for (name, default) in defaults {
        if !expected.tags.contains_key(name)
            && got.tags.get(name).map(String::as_str) == Some(default)
        {
            got.tags.remove(name);
        }
    }
}

/// PGN's form: the Seven Tag Roster is always written (unknown values as `?`), the result
/// is also a `Result` tag, a start position is `SetUp` and `FEN`, and `Variant` is the
/// family's (`Shatar`), whatever the source said.
fn pgn_form(expected: &mut Content, got: &mut Content) {
    let roster = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ];
    drop_added_defaults(expected, got, &roster);
    for content in [expected, got] {
        // The result and start are compared as the record holds them.
        for tag in ["Result", "SetUp", "FEN", "Variant"] {
            content.tags.remove(tag);
        }
        unknown_result(content);
    }
}

/// `*` is how PGN and PDN write that no result is known.
fn unknown_result(content: &mut Content) {
    if content.result.as_deref() == Some("*") {
        content.result = None;
    }
}

/// PDN's form: the result is also a `Result` tag, the start position (`FEN`) is compared
/// as the record holds it, and `GameType` is written in full (`26` as `26,W,8,8,N0,0`)
/// with the square numbering the writer chose; the fields the record gave are content.
fn pdn_form(expected: &mut Content, got: &mut Content) {
    // A GameType the record did not have would be kept whole, and differ.
    let given = expected
        .tags
        .get("GameType")
        .map_or(usize::MAX, |t| t.split(',').count());
    for content in [expected, got] {
        unknown_result(content);
        for tag in ["Result", "FEN"] {
            content.tags.remove(tag);
        }
        if let Some(game_type) = content.tags.get_mut("GameType") {
            let fields: Vec<&str> = game_type
                .split(',')
                .take(given)
                .enumerate()
                .filter(|(i, _)| *i != 4)
                .map(|(_, f)| f)
                .collect();
            *game_type = fields.join(",");
        }
    }
}

#[test]
fn shatar_pgn() {
    let n = check(Writer::new(Game::Shatar, Format::Pgn), pgn_form);
    n.assert_at_least(300);
}

#[test]
fn shatar_json() {
    let n = check(Writer::new(Game::Shatar, Format::Json), exact);
    n.assert_at_least(300);
}

/// The scoresheet text's form: the result is written once, after the moves, the text is
/// Shatar by definition, and a header that is unknown (`?`, `????.??.??`) is not written.
fn text_form(expected: &mut Content, got: &mut Content) {
    for content in [expected, got] {
        content.tags.remove("Result");
        content.tags.remove("Variant");
        content
            .tags
            .retain(|_, value| !value.is_empty() && value.chars().any(|c| !"?.".contains(c)));
        unknown_result(content);
    }
}

/// What the scoresheet text can carry: White, Black, Date (in numbers) and Site, the main
/// line with its comments, one mark a move for NAGs 1–6. The rest is left out by design
/// and named in a `left-out` note (`text_names_what_it_leaves_out` checks that).
fn text_carries(expected: &mut Content, got: &mut Content) {
    fn line(moves: &mut [Move]) {
        for m in moves {
            m.nags.retain(|nag| (1..=6).contains(nag));
            // Only the first mark is written.
            m.nags.truncate(1);
            m.variations.clear();
        }
    }
    expected
        .tags
        .retain(|name, _| ["White", "Black", "Date", "Site"].contains(&name.as_str()));
    let numeric = |date: &str| {
        date.split('.')
            .all(|part| part.chars().all(|c| c.is_ascii_digit()) || part.chars().all(|c| c == '?'))
    };
    if expected.tags.get("Date").is_some_and(|date| !numeric(date)) {
        expected.tags.remove("Date");
        got.tags.remove("Date");
    }
    line(&mut expected.moves);
}

fn text_writer(notation: Notation, pieces: Pieces) -> Writer {
    Writer {
        options: WriteOptions::default().with(TextOptions { notation, pieces }),
        ..Writer::new(Game::Shatar, Format::Text)
    }
}

/// A header value that holds a header word (`白方：`, `蓝方：`, `地点：`) or a line break
/// would read back as other headers, so the writer leaves it out (and names it): such
/// records are checked by `text_names_what_it_leaves_out` instead.
fn text_header_breaks(content: &Content) -> bool {
    content.tags.values().any(|v| {
        ["白方", "蓝方", "地点", "\n"]
            .iter()
            .any(|word| v.contains(word))
    })
}

fn shatar_text(notation: Notation, pieces: Pieces) {
    let writer = text_writer(notation, pieces);
    let n = check_some(
        writer,
        |expected, got| {
            text_form(expected, got);
            text_carries(expected, got);
        },
        text_header_breaks,
    );
    // The text carries no variations (by design, named): records and comments only.
    assert!(n.records >= 300, "too little covered: {n:?}");
}

/// Whatever of a record the text form cannot carry is named by `left_out`: tags beyond
/// the players, date and place (and any of those that could not be written), variations,
/// NAGs beyond one mark of 1–6.
#[test]
fn text_names_what_it_leaves_out() {
    use qipu::write::{left_out, LeftOut};
    let mut named = 0;
    for document in documents(Game::Shatar) {
        for report in &document.records {
            let Some(record) = &report.record else {
                continue;
            };
            let Family::Shatar(r) = family(record) else {
                continue;
            };
            let left = left_out(record, Format::Text);
            let written = write(record, &text_writer(Notation::Full, Pieces::Latin));
            let back = read(written.as_bytes(), Game::Shatar);
            let back_tags: Vec<(String, String)> = back
                .records
                .iter()
                .filter_map(|b| match family(b.record.as_ref()?) {
                    Family::Shatar(b) => Some(b.tags.0.clone()),
                    _ => None,
                })
                .flatten()
                .collect();
            for (name, value) in &r.tags.0 {
                let placeholder = value.is_empty() || value.chars().all(|c| "?.".contains(c));
                let (written_name, written_value) = (pictured(name), pictured(value));
                let read_back = back_tags
                    .iter()
                    .any(|(n, v)| *n == written_name && *v == written_value);
                if read_back && written_value != *value {
                    assert!(
                        left.contains(&LeftOut::ControlCharacters),
                        "{name} {value:?}"
                    );
                }
                let carried = ["Result", "SetUp", "FEN"].contains(&name.as_str())
                    || (name == "Variant" && value.eq_ignore_ascii_case("Shatar"))
                    || read_back;
                if !placeholder && !carried {
                    assert!(
                        left.contains(&LeftOut::Tag(name.clone())),
                        "{name} {value:?} neither carried nor named: {left:?}\n{written}"
                    );
                    named += 1;
                }
            }
            let variations = r.moves.iter().any(|m| !m.variations.is_empty());
            assert_eq!(left.contains(&LeftOut::Variations), variations, "{written}");
            let marks = r
                .moves
                .iter()
                .any(|m| m.nags.len() > 1 || m.nags.iter().any(|n| !(1..=6).contains(n)));
            assert_eq!(left.contains(&LeftOut::Nags), marks, "{written}");
        }
    }
    assert!(named > 100, "only {named} tags named");
}

#[test]
fn shatar_text_full_latin() {
    shatar_text(Notation::Full, Pieces::Latin);
}

#[test]
fn shatar_text_full_zh() {
    shatar_text(Notation::Full, Pieces::Zh);
}

#[test]
fn shatar_text_short_latin() {
    shatar_text(Notation::Short, Pieces::Latin);
}

#[test]
fn shatar_text_short_zh() {
    shatar_text(Notation::Short, Pieces::Zh);
}

fn pdn_writer(squares: Squares) -> Writer {
    Writer {
        options: WriteOptions::default().with(PdnOptions {
            squares,
            ..PdnOptions::default()
        }),
        ..Writer::new(Game::Draughts, Format::Pdn)
    }
}

fn draughts_pdn(squares: Squares) {
    let n = check(pdn_writer(squares), pdn_form);
    n.assert_at_least(300);
}

#[test]
fn draughts_pdn_numeric() {
    draughts_pdn(Squares::Numeric);
}

#[test]
fn draughts_pdn_algebraic() {
    draughts_pdn(Squares::Algebraic);
}

/// A draughts record read without `GameType` keeps its squares as read, and so does the
/// start position its JSON gives; the record holds it in the rulebook's numbering. With
/// a stated game type the JSON start is in the chosen squares (algebraic by default).
fn json_start_as_read(expected: &mut Content, got: &mut Content) {
    if !expected.tags.contains_key("GameType") {
        expected.start = None;
        got.start = None;
    }
    got.start = got.start.as_deref().map(fen_in_numbers);
}

/// A FEN with algebraic squares (`W:Wa1,Kc3:B…`) in the rulebook's numbers (1 = a1).
fn fen_in_numbers(fen: &str) -> String {
    let square = |token: &str| -> String {
        let (king, name) = match token.strip_prefix('K') {
            Some(name) => ("K", name),
            None => ("", token),
        };
        let bytes = name.as_bytes();
        match bytes {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
                let number = u32::from(rank - b'1') * 4 + u32::from(file - b'a') / 2 + 1;
                format!("{king}{number}")
            }
            _ => token.to_string(),
        }
    };
    fen.split(':')
        .map(|field| {
            let (side, squares) = field.split_at(field.len().min(1));
            if matches!(side, "W" | "B") && !squares.is_empty() {
                let squares: Vec<String> = squares.split(',').map(square).collect();
                format!("{side}{}", squares.join(","))
            } else {
                field.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(":")
}

#[test]
fn draughts_json() {
    let n = check(
        Writer::new(Game::Draughts, Format::Json),
        json_start_as_read,
    );
    n.assert_at_least(300);
}

#[test]
fn go_sgf() {
    let n = check(Writer::new(Game::Go, Format::Sgf), exact);
    n.assert_at_least(100);
}

#[test]
fn go_json() {
    let n = check(Writer::new(Game::Go, Format::Json), exact);
    n.assert_at_least(100);
}
