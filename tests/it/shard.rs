//! Sharding (`--shard K/N`, `DocumentStream::shard`): the union of the `N` shards of a
//! file is exactly the whole. Each shard is read as the part of the file it is, its
//! records numbered from 0 and its lines from its first record; renumbered by the
//! records and lines of the shards before it (what the Python helpers do), the JSON
//! of the shards, one after the other, is the JSON of the whole file, line for line.
//! Checked on every sample and fixture, on archives of every family longer than a
//! streamed piece and than the whole-decoding limit, in legacy encodings, UTF-16 and
//! every line-end style, and on folders (shared out by the hash of the paths).

use std::io::Cursor;
use std::path::{Path, PathBuf};

use qipu::shard::Shard;
use qipu::stream::{DocumentStream, WHOLE_DECODE};
use qipu::{read_document, Document, ReadOptions};
use serde_json::Value;

use crate::support::fixtures::{fixture, root, sample};
use crate::support::run::qipu;

/// `validate --format json` of the whole input, as the CLI reads it: whole up to
/// [`WHOLE_DECODE`] bytes, streamed beyond.
fn whole(name: &str, bytes: &[u8]) -> Vec<Value> {
    let options = ReadOptions::default();
    if bytes.len() <= WHOLE_DECODE {
        return json(&read_document(name, bytes, &options));
    }
    let mut stream = DocumentStream::new(name, bytes, &options);
    let mut lines = Vec::new();
    while let Some(document) = stream.next_document().unwrap() {
        lines.extend(json(&document));
    }
    lines
}

fn json(document: &Document) -> Vec<Value> {
    qipu::json::report_lines_in(document, |_| true, qipu::lang::Lang::En)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Where the shards read so far end: records, line ends, and characters after the last.
#[derive(Default)]
struct Before {
    records: u64,
    lines: u64,
    columns: u64,
}

impl Before {
    /// A line and column of a shard as the whole file numbers them.
    fn locate(&self, value: &mut Value) {
        let (Some(line), Some(column)) = (value["line"].as_u64(), value["column"].as_u64()) else {
            return;
        };
        if line == 1 {
            value["column"] = (column + self.columns).into();
        }
        value["line"] = (line + self.lines).into();
    }

    /// The JSON of a shard's record as the whole file numbers it; checks the `shard`
    /// field and takes it away.
    fn renumber(&self, mut record: Value, shard: Shard, offset: u64) -> Value {
        let object = record.as_object_mut().unwrap();
        let place = object
            .remove("shard")
            .expect("a shard's record says where it is");
        assert_eq!(place["k"], shard.index());
        assert_eq!(place["n"], shard.count());
        assert_eq!(place["offset"], offset);
        record["index"] = (record["index"].as_u64().unwrap() + self.records).into();
        for list in ["diagnostics", "repaired"] {
            if let Some(items) = record.get_mut(list).and_then(Value::as_array_mut) {
                items.iter_mut().for_each(|item| self.locate(item));
            }
        }
        record
    }

    fn after(&mut self, records: usize, (lines, columns): (usize, usize)) {
        self.records += records as u64;
        self.lines += lines as u64;
        self.columns = if lines == 0 {
            self.columns + columns as u64
        } else {
            columns as u64
        };
    }
}

/// The JSON of the `count` shards of the input, one after the other, renumbered; checks
/// that the shards' byte ranges tile the file.
fn sharded(name: &str, bytes: &[u8], count: u32) -> Vec<Value> {
    let options = ReadOptions::default();
    let mut before = Before::default();
    let mut lines = Vec::new();
    let mut next_offset = 0;
    for index in 0..count {
        let shard = Shard::new(index, count).unwrap();
        let mut stream = DocumentStream::shard(name, Cursor::new(bytes), shard, &options).unwrap();
        let place = stream.place().unwrap();
        assert_eq!(
            place.offset, next_offset,
            "{name}: shard {shard} starts where the one before ends"
        );
        assert!(place.end >= place.offset);
        next_offset = place.end;
        let mut records = 0;
        while let Some(document) = stream.next_document().unwrap() {
            assert_eq!(document.shard, Some(place));
            for record in json(&document) {
                lines.push(before.renumber(record, shard, place.offset));
                records += 1;
            }
        }
        before.after(records, stream.lines_read());
    }
    assert_eq!(
        next_offset,
        bytes.len() as u64,
        "{name}: the last shard ends the file"
    );
    lines
}

fn assert_union_is_whole(name: &str, bytes: &[u8], counts: &[u32]) {
    let expected = whole(name, bytes);
    for &count in counts {
        let got = sharded(name, bytes, count);
        assert_eq!(
            got.len(),
            expected.len(),
            "{name}: {count} shards give every record once"
        );
        for (got, expected) in got.iter().zip(&expected) {
            assert_eq!(got, expected, "{name} in {count} shards");
        }
    }
}

fn files_below(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_below(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_sample_and_fixture_is_its_shards() {
    let mut files = Vec::new();
    files_below(&root().join("samples"), &mut files);
    files_below(&root().join("tests/fixtures"), &mut files);
    let files: Vec<_> = files
        .into_iter()
        .filter(|p| !p.extension().is_some_and(|e| e == "jsonl" || e == "snap"))
        .collect();
    assert!(files.len() > 200, "{} files", files.len());
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let name = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert_union_is_whole(&name, &bytes, &[2, 3, 7]);
    }
}

/// `copies` of `one` one after the other, each followed by `between`.
fn repeated(one: &[u8], between: &[u8], len: usize) -> Vec<u8> {
    let mut out = Vec::new();
    while out.len() < len {
        out.extend_from_slice(one);
        out.extend_from_slice(between);
    }
    out
}

fn read(path: PathBuf) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

/// Every Go fixture of a folder, as one collection.
fn collection(dir: &str) -> Vec<u8> {
    let mut files = Vec::new();
    files_below(&fixture(dir), &mut files);
    let mut out = Vec::new();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
    {
        out.extend(read(path.clone()));
        out.push(b'\n');
    }
    out
}

#[test]
fn archives_longer_than_pieces_are_their_shards() {
    let pgn = read(fixture("shatar/random_games.pgn"));
    let sheets = read(fixture("shatar/random_full_chinese.txt"));
    let pdn = read(fixture("draughts/russian_corrupted.pdn"));
    let sgf = [collection("go/random"), collection("go/corrupted")].concat();
    // Several streamed pieces (1 MB of text, 64 KB of SGF), read whole.
    assert_union_is_whole("big.pgn", &repeated(&pgn, b"\n", 3 << 20), &[2, 5]);
    assert_union_is_whole("big.txt", &repeated(&sheets, b"\n\n", 3 << 20), &[3]);
    assert_union_is_whole("big.pdn", &repeated(&pdn, b"\n", 3 << 20), &[4]);
    assert_union_is_whole("big.sgf", &repeated(&sgf, b"", 1 << 20), &[2, 9]);
    // Past the whole-decoding limit: streamed, as the CLI reads it.
    assert_union_is_whole(
        "huge.pgn",
        &repeated(&pgn, b"\n", WHOLE_DECODE + (1 << 20)),
        &[3],
    );
    assert_union_is_whole(
        "huge.sgf",
        &repeated(&sgf, b"", WHOLE_DECODE + (1 << 20)),
        &[3],
    );
}

#[test]
fn line_ends_encodings_and_one_line_collections() {
    let pgn = String::from_utf8(read(fixture("shatar/random_games.pgn"))).unwrap();
    for end in ["\r\n", "\r"] {
        let text = pgn.replace('\n', end);
        assert_union_is_whole(
            "ends.pgn",
            &repeated(text.as_bytes(), end.as_bytes(), 2 << 20),
            &[3],
        );
    }
    // Trees on one line: a shard starts inside a line, its columns carry on.
    let sgf = String::from_utf8(collection("go/random")).unwrap();
    let one_line: String = sgf.lines().map(str::trim).collect();
    assert_union_is_whole(
        "one-line.sgf",
        &repeated(one_line.as_bytes(), b"", 1 << 20),
        &[4],
    );
    // Legacy encodings: the shards decode as the file's first bytes decide.
    for name in [
        "002-gb18030.sgf",
        "004-big5.sgf",
        "005-sjis.sgf",
        "006-euckr.sgf",
    ] {
        let one = read(fixture(format!("go/encoded/{name}")));
        assert_union_is_whole(name, &repeated(&one, b"\n", 1 << 20), &[3, 8]);
    }
    let gb = read(sample("shatar/gb18030.txt"));
    assert_union_is_whole("gb18030.txt", &repeated(&gb, b"\r\n\r\n", 2 << 20), &[3]);
    // UTF-16 with a byte-order mark: the shards start on whole code units.
    let mut utf16 = vec![0xff, 0xfe];
    for unit in pgn.repeat(40).encode_utf16() {
        utf16.extend(unit.to_le_bytes());
    }
    assert_union_is_whole("utf16.pgn", &utf16, &[2, 5]);
}

#[test]
fn files_nothing_can_be_read_from_are_one_shard() {
    for (name, bytes) in [
        ("empty.sgf", &b""[..]),
        ("binary.pgn", &b"\x00\x01\x02 binary"[..]),
        (
            "prose.txt",
            &b"no record here, just words\n\nand more words\n"[..],
        ),
        ("tiny.sgf", &b"(;B[aa])"[..]),
    ] {
        assert_union_is_whole(name, bytes, &[2, 7]);
    }
}

/// Folders are shared out by file: every file's records are in exactly one shard.
#[test]
fn folders_are_shared_out_by_path() {
    for folder in ["tests/fixtures/go", "samples"] {
        let (whole, _, _) = qipu(&["validate", "--format", "json", folder]);
        let mut union: Vec<String> = Vec::new();
        for k in 0..3 {
            let shard = format!("{k}/3");
            let (out, err, _) = qipu(&["validate", "--format", "json", "--shard", &shard, folder]);
            assert!(!err.contains("panicked"), "{err}");
            union.extend(out.lines().map(str::to_string));
        }
        let mut whole: Vec<String> = whole.lines().map(str::to_string).collect();
        assert!(union.len() > 10);
        whole.sort();
        union.sort();
        assert_eq!(union, whole, "{folder}");
    }
}

#[test]
fn shard_usage_errors() {
    let (_, err, status) = qipu(&["validate", "--shard", "3/3", "samples"]);
    assert_eq!(status, 2);
    assert!(err.contains("there is no shard 3 of 3"), "{err}");
    let (_, err, status) = qipu(&["validate", "--shard", "x", "samples"]);
    assert_eq!(status, 2);
    assert!(err.contains("x is not a shard"), "{err}");
    // Refused before anything is read from it.
    let output = crate::support::run::command()
        .args(["validate", "--format", "json", "--shard", "0/2", "-"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("--shard reads files"), "{err}");
    let (_, err, status) = qipu(&[
        "convert",
        "--to",
        "sgf",
        "--in-place",
        "--shard",
        "0/2",
        "samples/go",
    ]);
    assert_eq!(status, 2);
    assert!(err.contains("--in-place rewrites whole files"), "{err}");
}

/// `convert --shard`: the records written by the shards are those of the whole run.
#[test]
fn convert_shards_write_every_record_once() {
    let path = "tests/fixtures/shatar/random_games.pgn";
    let (whole, _, _) = qipu(&["convert", "--to", "pgn", path]);
    let mut union = String::new();
    for k in 0..4 {
        let shard = format!("{k}/4");
        let (out, _, _) = qipu(&["convert", "--to", "pgn", "--shard", &shard, path]);
        if !union.is_empty() && !out.is_empty() {
            union.push('\n');
        }
        union.push_str(&out);
    }
    assert_eq!(union, whole);
}
