//! Mutated real records (bytes changed, dropped, inserted, repeated) read as every family:
//! nothing panics, every writer accepts every record, and whatever a valid record is
//! written as in PGN, PDN or SGF reads back valid and writes again to the same bytes.
//! (The rulebook text carries only the headers its form has, so it is left out here;
//! shatar_convert.rs checks its round trips on the samples.)

use qipu::write::{write_record, Format, WriteOptions};
use qipu::{read_document, Game, ReadOptions};

use crate::support::mutate::originals;

const GAMES: [Option<Game>; 4] = [
    None,
    Some(Game::Shatar),
    Some(Game::Draughts),
    Some(Game::Go),
];

#[test]
fn mutated_records_write_and_read_back() {
    let options = WriteOptions::default();
    // The package's own files with the same draws in every checkout, then the corpus's
    // when it is there.
    let inputs =
        originals("mutated corpus files").mutated(3000, 1000, usize::MAX, 0x00C0_FFEE_1234);
    let mut round_trips = 0;
    for (round, bytes) in inputs.iter().enumerate() {
        for game in GAMES {
            let read = ReadOptions {
                game,
                keep_records: true,
                ..ReadOptions::default()
            };
            let document = read_document("mutated", bytes, &read);
            for report in &document.records {
                let Some(record) = &report.record else {
                    continue;
                };
                for format in Format::all() {
                    let Ok(first) = write_record(record, "mutated", 0, format, &options) else {
                        continue;
                    };
                    if matches!(format, Format::Json | Format::Text) || !report.valid() {
                        continue;
                    }
                    let again = read_document(
                        "written",
                        first.as_bytes(),
                        &ReadOptions {
                            game: report.game,
                            ..read.clone()
                        },
                    );
                    let back = &again.records[0];
                    assert!(
                        back.valid(),
                        "round {round}: {format:?} does not read back: {:?}\n{first}",
                        back.diagnostics
                    );
                    let rewritten = back.record.as_ref().expect("records are kept");
                    let second = write_record(rewritten, "mutated", 0, format, &options).unwrap();
                    assert_eq!(
                        first, second,
                        "round {round}: {format:?} is not deterministic"
                    );
                    round_trips += 1;
                }
            }
        }
    }
    assert!(round_trips > 1000, "only {round_trips} round trips");
}
