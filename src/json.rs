//! The JSON wire format, in one place: what `validate --format json` prints for each
//! record ([`report_lines_in`]), the diagnostic objects inside it ([`Located`]), and what
//! `convert --to json` prints for each record ([`crate::write_record`] with `Format::Json`). Everything is serialised
//! from borrowed data, as it stands in the document.
//!
//! # `validate --format json`
//!
//! One object per record, in input order (JSON Lines); a file that cannot be read gets
//! an object too, with an `io-error` diagnostic and `"encoding": null`. The rulebook's
//! example game (`samples/shatar/rulebook-full.txt`), wrapped here:
//!
//! ```json
//! {"source":"samples/shatar/rulebook-full.txt","index":0,"game":"shatar","variant":null,
//!  "encoding":"UTF-8","valid":false,"plies":11,
//!  "diagnostics":[{"severity":"error","code":"no-such-piece","ply":12,"move_number":6,
//!    "side":"blue","line":5,"column":30,"text":"Kd8—d7",
//!    "message":"Blue has no king on d8","help":"did you mean Ke8—e7?"}]}
//! ```
//!
//! `valid` is true iff no diagnostic is an error; `plies` counts the moves replayed
//! legally; `shard` (only under `--shard`, for a file named) says where the shard starts:
//! `"shard":{"k":3,"n":8,"offset":37500211}`, the byte its record indices and lines are
//! counted from ([`crate::shard`]). In a diagnostic, `ply` is 1-based over the whole
//! game; `line` and `column` are 1-based, the column counted in characters; `text` is
//! the text the diagnostic points at. `variant` is what the record is, the same in
//! `validate` and `convert`: draughts' rules (`russian`, `brazilian`), `chess` for a PGN
//! game of chess (by its moves or a `Variant` tag naming chess), `other` for a game its
//! `Variant` tag names that qipu does not know (`Crazyhouse`), and `null` for Shatar and
//! Go.
//!
//! Codes, severities and field names stay English (they are identifiers); `message` and
//! `help` follow the language asked for (`--lang`, [`report_lines_in`]).
//!
//! Read with [`crate::ReadOptions::repair`] (`--repair`), records gain `"repaired"`, one
//! object per repair, empty when nothing was repaired:
//! `[{"ply":12,"move_number":6,"side":"blue","line":5,"column":30,"written":"Kd8—d7",
//! "used":"Ke8—e7","edit":"several","evidence":{"replayed":1,"runner_up":null}}]`. `edit`
//! names what was changed (`piece`, `origin`, `destination`, `marks`, `promotion`,
//! `route`, `colour`, `several`, `missing`, `swapped`, `doubled`); `evidence` is how many
//! later written moves replay with the repair and at most with any other candidate, or
//! `null` where the rest of the record was not weighed.
//!
//! Checked for duplicates ([`crate::dedup::Duplicates`], `--dedup`), records gain
//! `"duplicate_of"`: the first record of the same game, `{"source":"a.pgn","index":3}`,
//! or `null`.
//!
//! # `convert --to json`
//!
//! One object per record (`record_line`) with `source`, `index`, `game`, `variant`,
//! `tags` (an object in the record's order; a tag given more than once is one key whose
//! value is the list of its values), `start` (when not the standard position), `comment`
//! (a comment before the first move, when there is one), `result`, `moves`, and
//! `unreplayed` (when a move could not be replayed: the rest of the main line as
//! written). Each move has `ply`, `text` (as written) and the family's fields (Shatar:
//! `uci`, `san`, `check`, `mate`; draughts: `path` — the start square and every landing
//! square —, `captured` and `notation`, squares in the rulebook numbering; Go: `color`,
//! `point`), with `comment`, `nags` and `variations` (alternative lines, nested) where the
//! record has them.
//!
//! `convert --to json --positions` (`record_line_with_positions`) gives every move, in
//! the main line and in the variations, one more field after the family's own,
//! `position`: the position after the move, as pgn-extract's `--fencomments` does.
//! Shatar: its FEN (`r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3`);
//! draughts: the PDN FEN (`W:Wa1,c1,…:Bb6,…`, kings as `K`), its squares written as the
//! record's `start` is; Go: the board's rows from the top separated by `/`, each point
//! `X` (Black), `O` (White) or `.` (`....X..../....XO...` …). Without the flag the JSON
//! is as above; `--positions` with another `--to` is a usage error.

use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::diag::{Located, Repaired, Side};
use crate::lang::Lang;
use crate::record::{FamilyTypes, Game, Node, Record, RulesVariant, Tags, VariantName};
use crate::{Document, RecordReport};

/// `validate --format json` of a document: one object per record that `keep` selects,
/// each on its own line, with the diagnostics' `message` and `help` in `lang`; everything
/// else (codes, severities, field names) is the same in every language.
pub fn report_lines_in(
    document: &Document,
    keep: impl Fn(&RecordReport) -> bool,
    lang: Lang,
) -> String {
    // Every object is written into one buffer: no string of its own, grown line by line.
    let mut out = Vec::new();
    for report in document.records.iter().filter(|r| keep(r)) {
        let record = JsonRecord {
            document,
            report,
            lang,
        };
        let start = out.len();
        if record.write(&mut out).is_err() {
            // As `report_line_in` gives it: nothing.
            out.truncate(start);
        }
        out.push(b'\n');
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The `validate --format json` object of one record of `document` (one of its
/// [`Document::records`]), in `lang`, without a line end: what [`report_lines_in`]
/// writes for it.
pub fn report_line_in(document: &Document, report: &RecordReport, lang: Lang) -> String {
    let record = JsonRecord {
        document,
        report,
        lang,
    };
    let mut out = Vec::new();
    match record.write(&mut out) {
        Ok(()) => String::from_utf8(out).unwrap_or_default(),
        Err(_) => String::new(),
    }
}

struct JsonRecord<'a> {
    document: &'a Document,
    report: &'a RecordReport,
    lang: Lang,
}

impl JsonRecord<'_> {
    /// Writes the object onto `out`, field by field as `serde_json` would serialise it,
    /// compact: names and punctuation as they are, every string and every rarer field
    /// through `serde_json` (its escaping exactly). Most records have a diagnostic or
    /// two, where serde's calls per field cost three times the bytes written.
    fn write(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        let (document, report) = (self.document, self.report);
        out.extend_from_slice(b"{\"source\":");
        string(out, &document.source)?;
        out.extend_from_slice(b",\"index\":");
        number(out, report.index);
        out.extend_from_slice(b",\"game\":");
        optional_string(out, report.game.map(|g| g.name()))?;
        out.extend_from_slice(b",\"variant\":");
        optional_string(out, report.variant.map(VariantName::name))?;
        // An input that could not be read has no encoding; a tree of a collection has
        // its own.
        let encoding = Some(document.encoding_of(report)).filter(|e| !e.is_empty());
        out.extend_from_slice(b",\"encoding\":");
        optional_string(out, encoding)?;
        out.extend_from_slice(if report.valid() {
            b",\"valid\":true"
        } else {
            b",\"valid\":false"
        });
        out.extend_from_slice(b",\"plies\":");
        number(out, report.plies);
        out.extend_from_slice(b",\"diagnostics\":[");
        let diagnostics: Vec<Located> = report
            .diagnostics
            .iter()
            .map(|d| d.located(&document.text, &document.lines))
            .collect();
        for (k, located) in diagnostics.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            write_located(out, located, self.lang)?;
        }
        out.push(b']');
        if document.repair {
            let repairs: Vec<JsonRepair> = diagnostics
                .iter()
                .filter_map(|located| {
                    let repaired = located.diagnostic.kind.game_issue::<Repaired>()?;
                    Some(JsonRepair { located, repaired })
                })
                .collect();
            out.extend_from_slice(b",\"repaired\":");
            serde_json::to_writer(&mut *out, &repairs)?;
        }
        if document.dedup {
            let first = crate::dedup::duplicate_of(report);
            let first = first.map(|(source, index)| JsonOrigin { source, index });
            out.extend_from_slice(b",\"duplicate_of\":");
            serde_json::to_writer(&mut *out, &first)?;
        }
        if let Some(place) = &document.shard {
            out.extend_from_slice(b",\"shard\":");
            serde_json::to_writer(&mut *out, &JsonShard(place))?;
        }
        out.push(b'}');
        Ok(())
    }
}

/// A JSON string, escaped as `serde_json` escapes it.
fn string(out: &mut Vec<u8>, text: &str) -> serde_json::Result<()> {
    // serde_json escapes only `"`, `\\` and control bytes: a string with none of them
    // is written as it is. The test is branch-free over the bytes, so it vectorises;
    // serde's escaper looks every byte up in a table.
    let plain = !text.bytes().fold(false, |seen, b| {
        seen | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if plain {
        out.reserve(text.len() + 2);
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
        Ok(())
    } else {
        serde_json::to_writer(&mut *out, text)
    }
}

/// A JSON string or `null`.
fn optional_string(out: &mut Vec<u8>, text: Option<&str>) -> serde_json::Result<()> {
    match text {
        Some(text) => string(out, text),
        None => {
            out.extend_from_slice(b"null");
            Ok(())
        }
    }
}

/// A JSON number: an integer's decimal digits, as `serde_json` writes them (with
/// the same `itoa`, not the formatting machinery).
fn number(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// A JSON number or `null`.
fn optional_number(out: &mut Vec<u8>, n: Option<impl itoa::Integer>) {
    match n {
        Some(n) => number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// A diagnostic's object, worded in `lang`: the fields [`serialize_located`] gives it, by
/// hand for [`JsonRecord::write`] (a test holds the two alike).
fn write_located(out: &mut Vec<u8>, located: &Located, lang: Lang) -> serde_json::Result<()> {
    let d = located.diagnostic;
    out.extend_from_slice(b"{\"severity\":");
    string(out, d.severity.name())?;
    out.extend_from_slice(b",\"code\":");
    string(out, d.code())?;
    out.extend_from_slice(b",\"ply\":");
    optional_number(out, d.ply);
    out.extend_from_slice(b",\"move_number\":");
    optional_number(out, d.move_number);
    out.extend_from_slice(b",\"side\":");
    optional_string(out, d.side.map(Side::name))?;
    let (line, column) = located.line_col().unzip();
    out.extend_from_slice(b",\"line\":");
    optional_number(out, line);
    out.extend_from_slice(b",\"column\":");
    optional_number(out, column);
    out.extend_from_slice(b",\"text\":");
    optional_string(out, located.snippet())?;
    let (message, help) = d.kind.text_in(lang);
    out.extend_from_slice(b",\"message\":");
    string(out, &message)?;
    out.extend_from_slice(b",\"help\":");
    optional_string(out, help.as_deref())?;
    out.push(b'}');
    Ok(())
}

/// The first record of the game a duplicate repeats.
#[derive(Serialize)]
struct JsonOrigin<'a> {
    source: &'a str,
    index: usize,
}

/// Where the shard a record was read from lies: `k`, `n`, and the byte `offset` that
/// its indices and lines count from.
struct JsonShard<'a>(&'a crate::shard::ShardPlace);

impl Serialize for JsonShard<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("k", &self.0.shard.index())?;
        map.serialize_entry("n", &self.0.shard.count())?;
        map.serialize_entry("offset", &self.0.offset)?;
        map.end()
    }
}

/// One repair of a record read with [`crate::ReadOptions::repair`]: where, the move as
/// written and the move replayed.
struct JsonRepair<'a> {
    located: &'a Located<'a>,
    repaired: &'a Repaired,
}

impl Serialize for JsonRepair<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let d = self.located.diagnostic;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("ply", &d.ply)?;
        map.serialize_entry("move_number", &d.move_number)?;
        map.serialize_entry("side", &d.side.map(Side::name))?;
        let (line, column) = self.located.line_col().unzip();
        map.serialize_entry("line", &line)?;
        map.serialize_entry("column", &column)?;
        map.serialize_entry("written", &self.repaired.written)?;
        map.serialize_entry("used", &self.repaired.used)?;
        map.serialize_entry("edit", self.repaired.edit.code())?;
        map.serialize_entry("evidence", &self.repaired.evidence.map(JsonEvidence))?;
        map.end()
    }
}

/// What a repair rests on: `{"replayed":23,"runner_up":2}`, `runner_up` null where no
/// other candidate was.
struct JsonEvidence(crate::diag::Evidence);

impl Serialize for JsonEvidence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("replayed", &self.0.replayed)?;
        map.serialize_entry("runner_up", &self.0.runner_up)?;
        map.end()
    }
}

impl Serialize for Located<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_located(self, Lang::En, serializer)
    }
}

fn serialize_located<S: Serializer>(
    located: &Located,
    lang: Lang,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let d = located.diagnostic;
    let mut map = serializer.serialize_map(None)?;
    map.serialize_entry("severity", d.severity.name())?;
    map.serialize_entry("code", d.code())?;
    map.serialize_entry("ply", &d.ply)?;
    map.serialize_entry("move_number", &d.move_number)?;
    map.serialize_entry("side", &d.side.map(Side::name))?;
    let (line, column) = located.line_col().unzip();
    map.serialize_entry("line", &line)?;
    map.serialize_entry("column", &column)?;
    map.serialize_entry("text", &located.snippet())?;
    let (message, help) = d.kind.text_in(lang);
    map.serialize_entry("message", &message)?;
    map.serialize_entry("help", &help)?;
    map.end()
}

/// What a family's move contributes to `convert --to json`, beside `ply` and `text`.
pub(crate) trait MoveFields: FamilyTypes {
    /// Writes the family's own fields (`uci`/`san`, `path`/`captured`, `color`/`point`).
    fn write_fields<S: SerializeMap>(&self, map: &mut S) -> Result<(), S::Error>;
}

impl<M: MoveFields> Serialize for Node<M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_node(self, None, &self.variations, serializer)
    }
}

/// A move's object: `position` (when given) after the family's fields, `variations` as
/// `variations` serialises them.
fn serialize_node<M: MoveFields, V: Serialize, S: Serializer>(
    node: &Node<M>,
    position: Option<&str>,
    variations: &V,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    map.serialize_entry("ply", &node.ply)?;
    map.serialize_entry("text", &node.text)?;
    node.mv.write_fields(&mut map)?;
    if let Some(position) = position {
        map.serialize_entry("position", position)?;
    }
    if !node.nags.is_empty() {
        map.serialize_entry("nags", &node.nags)?;
    }
    if let Some(comment) = &node.comment {
        map.serialize_entry("comment", comment)?;
    }
    if !node.variations.is_empty() {
        map.serialize_entry("variations", variations)?;
    }
    map.end()
}

/// How `convert --to json --positions` follows a record: the family's board, a move
/// played on it, and the board written as text (FEN, a compact Go board).
pub(crate) struct Replayer<B, P, W> {
    /// The position before the record's first move.
    pub start: B,
    /// Plays a move of the record on a board.
    pub play: P,
    /// The board as the `position` field gives it.
    pub write: W,
}

/// A line of moves from a position, each move with the position after it.
struct PositionedLine<'a, M, B, P, W> {
    line: &'a [Node<M>],
    before: &'a B,
    replayer: &'a Replayer<B, P, W>,
}

/// The variations of a move, each from the position before it.
struct PositionedVariations<'a, M, B, P, W> {
    variations: &'a [Vec<Node<M>>],
    before: &'a B,
    replayer: &'a Replayer<B, P, W>,
}

/// A move with the positions before it (where its variations start) and after it.
struct PositionedNode<'a, M, B, P, W> {
    node: &'a Node<M>,
    before: &'a B,
    after: &'a B,
    replayer: &'a Replayer<B, P, W>,
}

impl<M, B, P, W> Serialize for PositionedLine<'_, M, B, P, W>
where
    M: MoveFields,
    B: Clone,
    P: Fn(&mut B, &M),
    W: Fn(&B) -> String,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.line.len()))?;
        // Each move is played once: its position after is the next one's before.
        let mut board = self.before.clone();
        for node in self.line {
            let mut after = board.clone();
            (self.replayer.play)(&mut after, &node.mv);
            seq.serialize_element(&PositionedNode {
                node,
                before: &board,
                after: &after,
                replayer: self.replayer,
            })?;
            board = after;
        }
        seq.end()
    }
}

impl<M, B, P, W> Serialize for PositionedNode<'_, M, B, P, W>
where
    M: MoveFields,
    B: Clone,
    P: Fn(&mut B, &M),
    W: Fn(&B) -> String,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let position = (self.replayer.write)(self.after);
        let variations = PositionedVariations {
            variations: &self.node.variations,
            before: self.before,
            replayer: self.replayer,
        };
        serialize_node(self.node, Some(&position), &variations, serializer)
    }
}

impl<M, B, P, W> Serialize for PositionedVariations<'_, M, B, P, W>
where
    M: MoveFields,
    B: Clone,
    P: Fn(&mut B, &M),
    W: Fn(&B) -> String,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.variations.len()))?;
        for line in self.variations {
            seq.serialize_element(&PositionedLine {
                line,
                before: self.before,
                replayer: self.replayer,
            })?;
        }
        seq.end()
    }
}

/// A record together with where it came from, as `convert --to json` prints it ([`record_line`]).
struct SourcedRecord<'a, M: FamilyTypes, X, T> {
    source: &'a str,
    index: usize,
    record: &'a Record<M, X>,
    /// What `moves` is written from: the record's main line, or the line with positions.
    moves: T,
}

impl<M: MoveFields, X, T: Serialize> Serialize for SourcedRecord<'_, M, X, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.record;
        let mut s = serializer.serialize_struct("Record", 10)?;
        s.serialize_field("source", self.source)?;
        s.serialize_field("index", &self.index)?;
        s.serialize_field("game", &r.game)?;
        s.serialize_field("variant", &r.variant.map(RulesVariant::name))?;
        s.serialize_field("tags", &r.tags)?;
        if let Some(start) = &r.start {
            s.serialize_field("start", &start.to_string())?;
        } else {
            s.skip_field("start")?;
        }
        if let Some(comment) = &r.comment {
            s.serialize_field("comment", comment)?;
        } else {
            s.skip_field("comment")?;
        }
        s.serialize_field("result", &r.result.as_ref().map(ToString::to_string))?;
        s.serialize_field("moves", &self.moves)?;
        if let Some(unreplayed) = &r.unreplayed {
            s.serialize_field("unreplayed", unreplayed)?;
        } else {
            s.skip_field("unreplayed")?;
        }
        s.end()
    }
}

/// `convert --to json` of one record: one line, ended by a newline.
pub(crate) fn record_line<M: MoveFields, X>(
    source: &str,
    index: usize,
    record: &Record<M, X>,
) -> String {
    let sourced = SourcedRecord {
        source,
        index,
        record,
        moves: &record.moves,
    };
    // Serialising our own in-memory model cannot fail: every map key is a string.
    let mut line = serde_json::to_string(&sourced).unwrap_or_default();
    line.push('\n');
    line
}

/// [`record_line`] with the position after each move (`position`, after the family's
/// fields), in the main line and in every variation, as `replayer` plays and writes it
/// (`convert --to json --positions`).
pub(crate) fn record_line_with_positions<M, X, B, P, W>(
    source: &str,
    index: usize,
    record: &Record<M, X>,
    replayer: &Replayer<B, P, W>,
) -> String
where
    M: MoveFields,
    B: Clone,
    P: Fn(&mut B, &M),
    W: Fn(&B) -> String,
{
    let moves = PositionedLine {
        line: &record.moves,
        before: &replayer.start,
        replayer,
    };
    let sourced = SourcedRecord {
        source,
        index,
        record,
        moves,
    };
    let mut line = serde_json::to_string(&sourced).unwrap_or_default();
    line.push('\n');
    line
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A JSON object of the tags in their order. A name the record gives more than once
/// (`[Round "-"] … [Round "?"]`) is one key, at its first place, whose value is the
/// list of its values in order: a repeated key would be read as one by JSON readers.
impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (i, (name, value)) in self.0.iter().enumerate() {
            let same = |(n, _): &&(String, String)| n == name;
            if self.0[..i].iter().any(|t| same(&t)) {
                continue;
            }
            if self.0[i + 1..].iter().any(|t| same(&t)) {
                let values: Vec<&str> = self.0[i..]
                    .iter()
                    .filter(|t| same(t))
                    .map(|(_, v)| v.as_str())
                    .collect();
                map.serialize_entry(name, &values)?;
            } else {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings and integers by hand are serde_json's bytes: every ASCII byte (the
    /// escaped `"`, `\\` and controls among them), East Asian text, the empty string,
    /// and integers at both ends of their range.
    #[test]
    fn strings_and_numbers_by_hand_as_serde_writes_them() {
        let ascii: String = (0u8..0x80).map(char::from).collect();
        let texts = [
            String::new(),
            ascii.clone(),
            format!("棋谱 {ascii} 終局"),
            "a \"quoted\" move\\".to_string(),
            "tab\there, line\nend, \u{7f} kept".to_string(),
            "plain words with no escape at all".to_string(),
        ];
        for text in &texts {
            let mut out = Vec::new();
            string(&mut out, text).expect("a string");
            let serde = serde_json::to_vec(text).expect("serde");
            assert_eq!(out, serde, "{text:?}");
        }
        for n in [0usize, 1, 9, 10, 99, 1_000_000, usize::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, serde_json::to_vec(&n).expect("serde"));
        }
        for n in [None, Some(0u32), Some(u32::MAX)] {
            let mut out = Vec::new();
            optional_number(&mut out, n);
            assert_eq!(out, serde_json::to_vec(&n).expect("serde"));
        }
    }

    /// The diagnostic objects written by hand are the ones serde gives (`Located`'s
    /// `Serialize`, in English), on every sample's diagnostics, errors and notes alike.
    #[test]
    fn diagnostics_by_hand_as_serde_writes_them() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
        let mut compared = 0;
        for family in ["shatar", "draughts", "go"] {
            for entry in std::fs::read_dir(format!("{dir}/{family}")).expect("samples") {
                let path = entry.expect("entry").path();
                let bytes = std::fs::read(&path).expect("a sample");
                let source = path.to_string_lossy();
                let options = crate::ReadOptions::default();
                let document = crate::read_document(&source, &bytes, &options);
                for report in &document.records {
                    for d in &report.diagnostics {
                        let located = d.located(&document.text, &document.lines);
                        let mut out = Vec::new();
                        write_located(&mut out, &located, Lang::En).expect("written");
                        let by_serde = serde_json::to_string(&located).expect("serialised");
                        assert_eq!(String::from_utf8(out).expect("UTF-8"), by_serde);
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 20, "{compared} diagnostics compared");
    }
}
