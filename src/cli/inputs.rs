//! Turning the paths on the command line into the list of files to read.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Extensions read when walking a folder.
const RECORD_EXTENSIONS: [&str; 4] = ["pgn", "pdn", "sgf", "txt"];

/// Files larger than this are streamed.
const STREAM_ABOVE: u64 = 8 << 20;

/// One thing to read.
pub enum Input {
    File(PathBuf),
    Stdin,
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::File(path) => path.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
        }
    }

    /// The whole bytes of a file of up to 8 MB, from one open; `None` for standard input
    /// (of unknown size) and larger files, which are streamed instead.
    pub fn read_small(&self) -> io::Result<Option<Vec<u8>>> {
        let Input::File(path) = self else {
            return Ok(None);
        };
        let mut file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        if len > STREAM_ABOVE {
            return Ok(None);
        }
        // One byte more than the size, so that the end is seen without regrowing.
        let mut bytes = Vec::with_capacity(len as usize + 1);
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// A reader over the input, for streaming.
    pub fn open(&self) -> io::Result<Box<dyn Read>> {
        Ok(match self {
            Input::File(path) => Box::new(std::fs::File::open(path)?),
            Input::Stdin => Box::new(io::stdin().lock()),
        })
    }
}

/// Expands folders (recursively, sorted, record extensions only) and keeps files and
/// `-` as given. Paths that cannot be read are returned as error messages.
pub fn collect(paths: &[String]) -> (Vec<Input>, Vec<String>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let path = PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, &mut inputs, &mut errors),
            Ok(_) => inputs.push(Input::File(path)),
            Err(err) => errors.push(format!("{}: {err}", path.display())),
        }
    }
    (inputs, errors)
}

/// Depth-first walk with an explicit stack, so deep trees cannot overflow ours.
fn walk(root: &Path, inputs: &mut Vec<Input>, errors: &mut Vec<String>) {
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) => {
                errors.push(format!("{}: {err}", dir.display()));
                continue;
            }
        };
        // Entries of one folder differ only in their names, so sorting by name is the
        // path order, without comparing paths component by component.
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name();
            if name.as_encoded_bytes().starts_with(b".") {
                continue;
            }
            let path = entry.path();
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => dirs.push((name, path)),
                Ok(_) if has_record_extension(&path) => files.push((name, path)),
                _ => {}
            }
        }
        files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        dirs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let files = files.into_iter().map(|(_, path)| path);
        let dirs = dirs.into_iter().map(|(_, path)| path);
        inputs.extend(files.into_iter().map(Input::File));
        // Reverse so that the sorted-first folder is popped first.
        pending.extend(dirs.into_iter().rev());
    }
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| e.eq_ignore_ascii_case(r)))
}
