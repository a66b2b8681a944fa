//! The folders of real-shaped PDN the draughts tests read: this package's own
//! (tests/fixtures/draughts), and the shared corpus when it is beside the package. Both
//! have `pdn-grammar/` (syntax edge cases, mostly 10×10 games, one file that must fail) and
//! a Russian archive in `russian/` (spaced Cyrillic tags, CRLF, one game whose moves were
//! not recorded).

use std::path::PathBuf;

use super::fixtures::fixture;

/// One such folder and what its files are known to hold.
pub struct PdnArchive {
    pub dir: PathBuf,
    /// The Russian archive, under `russian/`.
    pub russian: &'static str,
    pub russian_games: usize,
    /// The game whose moves are all `-`.
    pub unrecorded_game: usize,
    pub first_event: &'static str,
    pub first_plies: usize,
    /// `Date` of `linecomment.pdn`.
    pub date: &'static str,
    /// The one tag of `string.pdn`, unescaped.
    pub escaped_tag: (&'static str, &'static str),
    /// The two tag values of `unicode.pdn`, its first move and its second move's target.
    pub unicode: [&'static str; 4],
}

/// Ours first, then the corpus if it is there.
pub fn pdn_archives(what: &str) -> Vec<PdnArchive> {
    let own = PdnArchive {
        dir: fixture("draughts"),
        russian: "archive.pdn",
        russian_games: 5,
        unrecorded_game: 2,
        first_event: "XII первенство области",
        first_plies: 45,
        date: "2019.11.23",
        escaped_tag: ("Black", "Quoted \"nickname\" here"),
        unicode: ["Иван Петров", "李明远", "31-27", "25"],
    };
    let shared = super::corpus::corpus("draughts", what).map(|dir| PdnArchive {
        dir,
        russian: "abatsiev.pdn",
        russian_games: 56,
        unrecorded_game: 35,
        first_event: "XXV первенство СССР",
        first_plies: 83,
        date: "2012.02.01",
        escaped_tag: ("White", "This is a string with an escaped character \""),
        unicode: ["Сергей Фадеев", "高文龙", "32-28", "23"],
    });
    std::iter::once(own).chain(shared).collect()
}

impl PdnArchive {
    pub fn grammar(&self, file: &str) -> PathBuf {
        self.dir.join("pdn-grammar").join(file)
    }

    pub fn russian(&self) -> PathBuf {
        self.dir.join("russian").join(self.russian)
    }

    /// Every `.pdn` file of the grammar and Russian folders, sorted.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = ["pdn-grammar", "russian"]
            .iter()
            .flat_map(|folder| std::fs::read_dir(self.dir.join(folder)).expect("archive folder"))
            .map(|entry| entry.expect("directory entry").path())
            .filter(|path| path.extension().is_some_and(|x| x == "pdn"))
            .collect();
        out.sort();
        out
    }
}
