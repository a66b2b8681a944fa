//! `validate_pgn FILE`: pgn-reader reads every game and shakmaty checks every main-line
//! move's legality, as pgn-reader's own `validate` example does; prints the games, the
//! plies replayed and the games with an illegal move.

use std::{fs::File, io, ops::ControlFlow};

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

#[derive(Default)]
struct Validator {
    plies: u64,
}

impl Visitor for Validator {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Chess::default())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, position: &mut Chess, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(position) {
            Ok(m) => {
                position.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Chess) -> Self::Output {
        true
    }
}

fn main() -> io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: validate_pgn FILE");
    let mut reader = Reader::new(File::open(path)?);
    let mut validator = Validator::default();
    let (mut games, mut illegal) = (0u64, 0u64);
    while let Some(ok) = reader.read_game(&mut validator)? {
        games += 1;
        illegal += u64::from(!ok);
    }
    println!("games {games} plies {} illegal {illegal}", validator.plies);
    Ok(())
}
