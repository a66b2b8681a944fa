//! Every diagnostic of every sample and fixture, in every encoding qipu reads, points
//! into the decoded text: spans lie on character boundaries, and the human renderer and
//! convert (which renders invalid records on standard error) print them without a panic.
//! (A `CA[]` span kept in raw bytes once panicked the renderer on UTF-16 text.)

use std::path::{Path, PathBuf};

use encoding_rs::{Encoding, BIG5, EUC_KR, GB18030, SHIFT_JIS, UTF_8};
use qipu::{read_document, Game, ReadOptions};

use crate::support::run::qipu;

/// The encodings each text is written in, where it can be (a text with characters an
/// encoding lacks is left out of that one).
#[derive(Clone, Copy)]
enum Target {
    Legacy(&'static Encoding),
    Utf16 { big_endian: bool, bom: bool },
}

const TARGETS: [Target; 8] = [
    Target::Legacy(UTF_8),
    Target::Legacy(GB18030),
    Target::Legacy(BIG5),
    Target::Legacy(SHIFT_JIS),
    Target::Legacy(EUC_KR),
    Target::Utf16 {
        big_endian: false,
        bom: true,
    },
    Target::Utf16 {
        big_endian: true,
        bom: true,
    },
    Target::Utf16 {
        big_endian: false,
        bom: false,
    },
];

fn encode(text: &str, target: Target) -> Option<Vec<u8>> {
    match target {
        Target::Legacy(encoding) => {
            let (bytes, _, unmappable) = encoding.encode(text);
            (!unmappable).then(|| bytes.into_owned())
        }
        Target::Utf16 { big_endian, bom } => {
            let mut bytes = Vec::new();
            let units = (bom.then_some('\u{feff}').into_iter().map(|c| c as u16))
                .chain(text.encode_utf16());
            for unit in units {
                bytes.extend(if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                });
            }
            Some(bytes)
        }
    }
}

fn files(root: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![PathBuf::from(root)];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if ["pgn", "pdn", "sgf", "txt"]
                .iter()
                .any(|e| path.extension().is_some_and(|x| x == *e))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn game_of(path: &Path) -> Option<Game> {
    match path.extension()?.to_str()? {
        "pgn" | "txt" => Some(Game::Shatar),
        "pdn" => Some(Game::Draughts),
        "sgf" => Some(Game::Go),
        _ => None,
    }
}

#[test]
fn every_diagnostic_points_into_the_decoded_text_in_every_encoding() {
    let dir = std::env::temp_dir().join(format!("qipu-every-encoding-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut written = 0;
    let mut diagnostics = 0;
    for path in files("samples").into_iter().chain(files("tests/fixtures")) {
        let options = ReadOptions {
            game: game_of(&path),
            ..ReadOptions::default()
        };
        let original = read_document("x", &std::fs::read(&path).unwrap(), &options);
        for (t, target) in TARGETS.iter().enumerate() {
            let Some(bytes) = encode(&original.text, *target) else {
                continue;
            };
            let document = read_document("x", &bytes, &options);
            for report in &document.records {
                for diagnostic in &report.diagnostics {
                    diagnostics += 1;
                    if let Some(span) = &diagnostic.span {
                        let text = &document.text;
                        assert!(
                            span.start <= span.end
                                && span.end <= text.len()
                                && text.is_char_boundary(span.start)
                                && text.is_char_boundary(span.end),
                            "{} in encoding {t}: {diagnostic:?} spans {span:?} of {} bytes",
                            path.display(),
                            text.len()
                        );
                    }
                    let located = diagnostic.located(&document.text, &document.lines);
                    let _ = (
                        located.line_col(),
                        located.snippet(),
                        diagnostic.kind.help(),
                    );
                }
            }
            let name = path.file_name().unwrap().to_string_lossy();
            let copy =
                dir.join(format!("{t}-{}", path.parent().unwrap().display()).replace('/', "_"));
            std::fs::create_dir_all(&copy).unwrap();
            std::fs::write(copy.join(&*name), &bytes).unwrap();
            written += 1;
        }
    }
    assert!(
        written > 800 && diagnostics > 1000,
        "{written} files, {diagnostics} diagnostics"
    );
    let folder = dir.to_str().unwrap();
    for args in [
        &["validate", "--format", "human", folder][..],
        &["convert", "--to", "json", folder][..],
    ] {
        let (_, err, status) = qipu(args);
        assert!(
            matches!(status, 0..=2) && !err.contains("panicked"),
            "{args:?} exited {status}: {}",
            &err[err.len().saturating_sub(2000)..]
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
