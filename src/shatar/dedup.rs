//! A Shatar record's fingerprint for `--dedup`: the start position and the moves, or
//! the final position with the side to move; the rest of a record whose replay stopped
//! counts as written.

use std::hash::Hasher;

use super::position::Move;
use super::{start_position, ShatarMove};
use crate::dedup::{Fingerprint, Likeness};
use crate::record::{Record, RulesVariant};

/// The fingerprint of `record`, whose main line replayed `played`: what it keeps of
/// its moves, if it keeps them, is not needed.
pub(super) fn fingerprint(
    record: &Record<ShatarMove>,
    played: &[Move],
    likeness: Likeness,
) -> u128 {
    let mut print = Fingerprint::new();
    print.text(record.variant.map_or("shatar", RulesVariant::name));
    let mut position = start_position(record);
    match likeness {
        Likeness::Moves => {
            position.hash_placement(&mut print);
            // Three bytes a move, hashed at once: the hasher is slow on small pieces.
            let bytes: Vec<u8> = played
                .iter()
                .flat_map(|mv| [mv.from.0, mv.to.0, mv.promotion.map_or(0, |r| r as u8 + 1)])
                .collect();
            print.write(&bytes);
        }
        Likeness::Final => {
            for &mv in played {
                position.play(mv);
            }
            position.hash_placement(&mut print);
        }
    }
    print.text(record.unreplayed.as_deref().unwrap_or_default());
    print.finish()
}
