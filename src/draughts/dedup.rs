//! A draughts record's fingerprint for `--dedup`: the rules, the start position and the
//! moves (every landing square and the pieces taken, however the record numbered its
//! squares), or the final position with the side to move; the rest of a record whose
//! replay stopped counts as written.

use std::hash::{Hash, Hasher};

use super::diagram::start;
use super::position::Move;
use super::DraughtsRecord;
use crate::dedup::{Fingerprint, Likeness};
use crate::record::RulesVariant;

/// The fingerprint of `record`, whose main line replayed `played`: what it keeps of its
/// moves, if it keeps them, is not needed.
pub(super) fn fingerprint(record: &DraughtsRecord, played: &[Move], likeness: Likeness) -> u128 {
    let mut print = Fingerprint::new();
    print.text(record.variant.map_or("", RulesVariant::name));
    match start(record) {
        Ok(mut position) => match likeness {
            Likeness::Moves => {
                position.hash(&mut print);
                // Hashed at once: the hasher is slow on small pieces.
                let mut bytes: Vec<u8> = Vec::with_capacity(played.len() * 8);
                for mv in played {
                    bytes.push(mv.path().len() as u8);
                    bytes.extend(mv.path().iter().map(|square| square.index()));
                    bytes.extend_from_slice(&mv.captured().to_le_bytes());
                }
                print.write(&bytes);
            }
            Likeness::Final => {
                for mv in played {
                    position.play(mv);
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
