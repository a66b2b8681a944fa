//! `read_str` on decoded text gives what `read_document` gives for its UTF-8 bytes: every
//! sample that reads as UTF-8, whole and behind a byte-order mark, reported and written
//! alike.

use std::path::{Path, PathBuf};

use qipu::json::report_lines_in;
use qipu::lang::Lang;
use qipu::{read_document, read_str, write_record, Document, Format, ReadOptions, WriteOptions};

fn sample_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("samples/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sample_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The report lines of a document and the JSON of each record it kept.
fn everything(document: &Document) -> (String, Vec<String>) {
    let records = document
        .records
        .iter()
        .filter_map(|report| {
            let record = report.record.as_ref()?;
            let json = write_record(
                record,
                &document.source,
                report.index,
                Format::Json,
                &WriteOptions::default(),
            );
            Some(json.expect("JSON carries every family"))
        })
        .collect();
    (report_lines_in(document, |_| true, Lang::En), records)
}

fn assert_same(name: &str, from_bytes: &Document, from_text: &Document) {
    assert_eq!(from_text.encoding, from_bytes.encoding, "{name}");
    assert_eq!(from_text.text, from_bytes.text, "{name}");
    assert_eq!(from_text.game, from_bytes.game, "{name}");
    assert_eq!(everything(from_text), everything(from_bytes), "{name}");
}

#[test]
fn read_str_reads_utf8_samples_as_read_document_does() {
    let mut files = Vec::new();
    sample_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
        &mut files,
    );
    files.sort();
    let options = ReadOptions {
        keep_records: true,
        ..ReadOptions::default()
    };
    let mut compared = 0;
    for path in &files {
        let name = path.to_string_lossy();
        let bytes = std::fs::read(path).expect("a readable sample");
        let from_bytes = read_document(&name, &bytes, &options);
        if from_bytes.encoding != "UTF-8" {
            continue;
        }
        let text = String::from_utf8(bytes).expect("read as UTF-8, so it is UTF-8");
        assert_same(&name, &from_bytes, &read_str(&name, &text, &options));

        let with_bom = format!("\u{feff}{text}");
        let from_bytes = read_document(&name, with_bom.as_bytes(), &options);
        assert_same(&name, &from_bytes, &read_str(&name, &with_bom, &options));
        compared += 1;
    }
    // Most samples are UTF-8; the others are there for their legacy encodings.
    assert!(
        compared >= 20,
        "only {compared} of {} samples compared",
        files.len()
    );
}

#[test]
fn read_str_refuses_what_read_document_refuses() {
    let options = ReadOptions::default();
    for text in ["", "  \n", "\0\0\0\u{1}\u{2}\u{3}binary"] {
        let from_bytes = read_document("x.pgn", text.as_bytes(), &options);
        assert_same(text, &from_bytes, &read_str("x.pgn", text, &options));
    }
}
