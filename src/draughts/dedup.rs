//! A draughts record's fingerprint for `--dedup`: the rules, the start position and the
//! moves (every landing square and the pieces taken, however the record numbered its
//! squares), or the final position with the side to move; the rest of a record whose
//! replay stopped counts as written.

use std::hash::{Hash, Hasher};

use super::diagram::start;
use super::DraughtsRecord;
use crate::dedup::{Fingerprint, Likeness};
use crate::record::RulesVariant;

pub(super) fn fingerprint(record: &DraughtsRecord, likeness: Likeness) -> u128 {
    let mut print = Fingerprint::new();
    print.text(record.variant.map_or("", RulesVariant::name));
    match start(record) {
        Ok(mut position) => match likeness {
            Likeness::Moves => {
                position.hash(&mut print);
                for node in &record.moves {
                    node.mv.mv.path().hash(&mut print);
                    print.write_u32(node.mv.mv.captured());
                }
            }
            Likeness::Final => {
                for node in &record.moves {
                    position.play(&node.mv.mv);
                }
                position.hash(&mut print);
            }
        },
        // A FEN that could not be read: nothing was replayed, and it counts as written.
        Err(_) => print.text(record.tags.get("FEN").unwrap_or_default()),
    }
    print.text(record.unreplayed.as_deref().unwrap_or_default());
    print.finish()
}
