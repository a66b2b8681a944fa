//! What `--where` and `--dedup` keep of each document before a command sees it, and what
//! they counted over the run for its closing line.

use qipu::dedup::{duplicate_of, Duplicates};
use qipu::lang::Lang;
use qipu::select::Selection;
use qipu::{zh, Document};

use super::args::ReadArgs;
use super::summary::Selected;

/// The records a run keeps: those `--where` selects, marked (`--dedup`) or kept only
/// (`--only-duplicates`) as duplicates.
pub struct Sieve<'a> {
    selection: Option<&'a Selection>,
    selected: Selected,
    duplicates: Option<Duplicates>,
    only_duplicates: bool,
    /// Records found to repeat an earlier one.
    duplicate_count: usize,
}

impl<'a> Sieve<'a> {
    pub fn new(args: &'a ReadArgs) -> Sieve<'a> {
        Sieve {
            selection: args.selection.as_ref(),
            selected: Selected::default(),
            duplicates: args.likeness().map(Duplicates::new),
            only_duplicates: args.only_duplicates,
            duplicate_count: 0,
        }
    }

    /// Keeps the records of `document` the run asks for, in input order.
    pub fn sift(&mut self, document: &mut Document) {
        if let Some(selection) = self.selection {
            self.selected.select(document, selection);
        }
        let Some(duplicates) = &mut self.duplicates else {
            return;
        };
        duplicates.mark(document);
        let found = document
            .records
            .iter()
            .filter(|r| duplicate_of(r).is_some())
            .count();
        self.duplicate_count += found;
        // A document without any record (an unreadable file) is about the file: kept.
        if self.only_duplicates && document.records.iter().any(|r| r.holds_record()) {
            document.records.retain(|r| duplicate_of(r).is_some());
        }
    }

    /// What the closing line says of the sieve: ` (40 read, 12 matched --where)`,
    /// ` (3 duplicates)`, both, or nothing.
    pub fn words(&self, lang: Lang) -> String {
        let selected = self.selection.map(|_| self.selected);
        let duplicates = self.duplicates.as_ref().map(|_| self.duplicate_count);
        match (selected, duplicates) {
            (None, None) => String::new(),
            (Some(selected), None) => selected.words(lang),
            (None, Some(n)) => lang.say(
                || format!(" ({})", super::summary::counted(n, "duplicate")),
                || zh!("（{} 份重复）", n),
            ),
            (Some(selected), Some(n)) => lang.say(
                || {
                    format!(
                        " ({} read, {} matched --where, {})",
                        selected.read,
                        selected.matched,
                        super::summary::counted(n, "duplicate")
                    )
                },
                || {
                    zh!(
                        "（读取 {} 份，{} 份符合 --where，{} 份重复）",
                        selected.read,
                        selected.matched,
                        n
                    )
                },
            ),
        }
    }
}
