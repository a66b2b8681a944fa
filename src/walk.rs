//! Folders walked as qipu reads them: recursively, in name order, the files of a folder
//! before its sub-folders, hidden names (`.git`, `.DS_Store`) skipped, and only regular
//! files with a record extension ([`Walk::extensions`]), so that a FIFO or a
//! device met in a folder can neither block a run nor make it endless. The command line
//! and the Python module read folders through this one walk, so both meet the same files
//! in the same order.
//!
//! ```no_run
//! for found in qipu::walk::Walk::new("archive") {
//!     match found {
//!         qipu::walk::Found::File { path, .. } => println!("{}", path.display()),
//!         qipu::walk::Found::Unreadable { path, error } => {
//!             eprintln!("{}: {error}", path.display())
//!         }
//!     }
//! }
//! ```

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

/// What a walk meets.
#[derive(Debug)]
pub enum Found {
    /// A file a record can be in.
    File {
        /// The file's path: the folder walked joined with `relative`.
        path: PathBuf,
        /// The path below the folder walked.
        relative: PathBuf,
    },
    /// A folder that could not be listed.
    Unreadable {
        /// The folder.
        path: PathBuf,
        /// Why it could not be listed.
        error: io::Error,
    },
}

impl Found {
    /// The path below the folder walked, its names joined by `/` whatever the system's
    /// separator: the name a shard hashes, the same on every system.
    pub fn relative_name(relative: &Path) -> String {
        let names: Vec<_> = relative
            .components()
            .map(|name| name.as_os_str().to_string_lossy())
            .collect();
        names.join("/")
    }
}

/// A depth-first walk of one folder, an iterator of what it finds. It keeps its own
/// stack of folders to list, so a deep tree cannot overflow the thread's.
pub struct Walk {
    root: PathBuf,
    pending: Vec<PathBuf>,
    found: VecDeque<Found>,
    skip: Option<Box<dyn Fn(&Path) -> bool>>,
}

impl Walk {
    /// The extensions a walk reads, in lower case (matched in any case): every family's
    /// own, then `txt` (scoresheets).
    pub fn extensions() -> &'static [&'static str] {
        crate::registry::record_extensions()
    }

    /// The walk of `root`.
    pub fn new(root: impl Into<PathBuf>) -> Walk {
        let root = root.into();
        Walk {
            pending: vec![root.clone()],
            root,
            found: VecDeque::new(),
            skip: None,
        }
    }

    /// Leaves out every folder (with all below it) and every file whose canonical path
    /// `skip` holds: the command line keeps its own output out of the folders it reads.
    /// Canonical paths are looked up only for a walk with something to skip.
    pub fn skipping(self, skip: impl Fn(&Path) -> bool + 'static) -> Walk {
        Walk {
            skip: Some(Box::new(skip)),
            ..self
        }
    }

    /// Lists the next folder on the stack: its files become found, its folders pending.
    fn list(&mut self, dir: PathBuf) {
        let canonical = match &self.skip {
            Some(skip) => match std::fs::canonicalize(&dir) {
                Ok(canonical) if skip(&canonical) => return,
                Ok(canonical) => Some(canonical),
                Err(_) => None,
            },
            None => None,
        };
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                self.found.push_back(Found::Unreadable { path: dir, error });
                return;
            }
        };
        // Entries of one folder differ only in their names, so sorting by name is the
        // path order, without comparing paths component by component.
        let mut files: Vec<(OsString, PathBuf)> = Vec::new();
        let mut dirs: Vec<(OsString, PathBuf)> = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            if name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            if let (Some(canonical), Some(skip)) = (&canonical, &self.skip) {
                if skip(&canonical.join(&name)) {
                    continue;
                }
            }
            let path = entry.path();
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => dirs.push((name, path)),
                Ok(kind) if kind.is_file() && has_record_extension(&path) => {
                    files.push((name, path))
                }
                _ => {}
            }
        }
        files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        dirs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        for (_, path) in files {
            let relative = path.strip_prefix(&self.root).unwrap_or(&path).to_path_buf();
            self.found.push_back(Found::File { path, relative });
        }
        // Reversed, so that the sorted-first folder is listed next.
        self.pending
            .extend(dirs.into_iter().rev().map(|(_, path)| path));
    }
}

impl Iterator for Walk {
    type Item = Found;

    fn next(&mut self) -> Option<Found> {
        loop {
            if let Some(found) = self.found.pop_front() {
                return Some(found);
            }
            let dir = self.pending.pop()?;
            self.list(dir);
        }
    }
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| Walk::extensions().iter().any(|r| e.eq_ignore_ascii_case(r)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(walk: Walk) -> Vec<String> {
        walk.map(|found| match found {
            Found::File { relative, .. } => Found::relative_name(&relative),
            Found::Unreadable { path, .. } => format!("unreadable {}", path.display()),
        })
        .collect()
    }

    #[test]
    fn files_before_folders_in_name_order_hidden_and_other_files_skipped() {
        let root = std::env::temp_dir().join(format!("qipu-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["b/deep", "a", ".hidden"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        for file in [
            "z.sgf",
            "m.PGN",
            "notes.md",
            ".x.sgf",
            "a/1.pdn",
            "b/deep/2.gib",
            ".hidden/3.sgf",
        ] {
            std::fs::write(root.join(file), "").unwrap();
        }
        assert_eq!(
            names(Walk::new(&root)),
            ["m.PGN", "z.sgf", "a/1.pdn", "b/deep/2.gib"]
        );
        let skipped = std::fs::canonicalize(root.join("b")).unwrap();
        let kept = names(Walk::new(&root).skipping(move |path| path.starts_with(&skipped)));
        assert_eq!(kept, ["m.PGN", "z.sgf", "a/1.pdn"]);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_unlistable_folder_is_found_as_such() {
        let missing = std::env::temp_dir().join("qipu-walk-no-such-folder");
        let found: Vec<Found> = Walk::new(&missing).collect();
        assert!(matches!(&found[..], [Found::Unreadable { path, .. }] if *path == missing));
    }
}
