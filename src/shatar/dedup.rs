//! A Shatar record's fingerprint for `--dedup`: the start position and the moves, or
//! the final position with the side to move; the rest of a record whose replay stopped
//! counts as written.

use std::hash::Hash;

use super::{start_position, ShatarMove};
use crate::dedup::{Fingerprint, Likeness};
use crate::record::{Record, RulesVariant};

pub(super) fn fingerprint(record: &Record<ShatarMove>, likeness: Likeness) -> u128 {
    let mut print = Fingerprint::new();
    print.text(record.variant.map_or("shatar", RulesVariant::name));
    let mut position = start_position(record);
    match likeness {
        Likeness::Moves => {
            position.hash_placement(&mut print);
            for node in &record.moves {
                node.mv.mv.hash(&mut print);
            }
        }
        Likeness::Final => {
            for node in &record.moves {
                position.play(node.mv.mv);
            }
            position.hash_placement(&mut print);
        }
    }
    print.text(record.unreplayed.as_deref().unwrap_or_default());
    print.finish()
}
