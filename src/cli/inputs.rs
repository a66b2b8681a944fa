//! Turning the paths on the command line into the list of files to read.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use qipu::walk::{Found, Walk};

/// Files larger than this are streamed; smaller ones the stream would decode whole too.
const STREAM_ABOVE: u64 = qipu::stream::WHOLE_DECODE as u64;

/// One thing to read.
pub enum Input {
    File {
        path: PathBuf,
        /// The path below the folder it was found in (its file name when named itself):
        /// where `--output-dir` puts its output.
        relative: PathBuf,
        /// Found by walking a folder rather than named on the command line.
        walked: bool,
        /// A regular file, rather than a FIFO or a device (only named ones can be).
        regular: bool,
    },
    Stdin,
    /// Named on the command line but not there or not readable.
    Missing {
        path: PathBuf,
        error: io::Error,
    },
    /// A folder named on the command line that holds no file a record could be in.
    NoRecordFiles {
        path: PathBuf,
    },
}

impl Input {
    pub fn name(&self) -> String {
        match self {
            Input::File { path, .. }
            | Input::Missing { path, .. }
            | Input::NoRecordFiles { path } => path.display().to_string(),
            Input::Stdin => "<stdin>".to_string(),
        }
    }

    /// Whether the input belongs to `shard`: a file met in a folder walk by the hash of
    /// its path below the folder; a file named on the command line always (the shard
    /// reads its part of it), except one that cannot be read, which the first shard
    /// reports.
    pub fn in_shard(&self, shard: qipu::shard::Shard) -> bool {
        match self {
            Input::File {
                relative,
                walked: true,
                ..
            } => shard.holds_path(&Found::relative_name(relative)),
            Input::File { .. } | Input::Stdin => true,
            Input::Missing { .. } | Input::NoRecordFiles { .. } => shard.index() == 0,
        }
    }

    /// The shard of its bytes to read: a file named on the command line, under `--shard`.
    pub fn byte_shard(&self, shard: Option<qipu::shard::Shard>) -> Option<qipu::shard::Shard> {
        match self {
            Input::File { walked: false, .. } => shard,
            _ => None,
        }
    }

    /// The file, opened to be read at any offset.
    pub fn open_file(&self) -> io::Result<std::fs::File> {
        match self {
            Input::File { path, .. } => std::fs::File::open(path),
            Input::Missing { error, .. } => Err(io::Error::new(error.kind(), error.to_string())),
            Input::Stdin | Input::NoRecordFiles { .. } => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "only a file can be read at an offset",
            )),
        }
    }

    /// A `.txt` file met in a folder walk: read only if it turns out to be a scoresheet.
    pub fn is_walked_text(&self) -> bool {
        matches!(self, Input::File { path, walked: true, .. }
            if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt")))
    }

    /// The whole bytes of a file of up to 8 MB, from one open; `None` for standard input
    /// (of unknown size) and larger files, which are streamed instead.
    pub fn read_small(&self) -> io::Result<Option<Vec<u8>>> {
        let path = match self {
            Input::File {
                path,
                regular: true,
                ..
            } => path,
            Input::File { .. } | Input::Stdin | Input::NoRecordFiles { .. } => return Ok(None),
            Input::Missing { error, .. } => {
                return Err(io::Error::new(error.kind(), error.to_string()))
            }
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
            Input::File {
                path,
                regular: true,
                ..
            } => Box::new(std::fs::File::open(path)?),
            Input::File { path, .. } => Box::new(open_special(path)?),
            Input::Stdin => Box::new(io::stdin().lock()),
            Input::Missing { error, .. } => {
                return Err(io::Error::new(error.kind(), error.to_string()))
            }
            Input::NoRecordFiles { .. } => Box::new(io::empty()),
        })
    }
}

/// Opens a FIFO or device named on the command line without waiting for a writer: a
/// FIFO nobody writes to reads as empty instead of blocking the run forever. Once
/// open, reads wait for data again, so a writer that is there is read in full.
#[cfg(unix)]
fn open_special(path: &Path) -> io::Result<std::fs::File> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let fd = file.as_raw_fd();
    // SAFETY: `fd` is the open descriptor owned by `file`; F_GETFL and F_SETFL only read
    // and set its status flags.
    let cleared = unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) >= 0
    };
    if !cleared {
        return Err(io::Error::last_os_error());
    }
    Ok(file)
}

#[cfg(not(unix))]
fn open_special(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Paths a folder walk must not read: the output of the run being made.
#[derive(Clone, Default)]
pub struct Excluded {
    /// Output files, as (canonical folder, file name).
    files: Vec<(PathBuf, std::ffi::OsString)>,
    /// Output folders, canonical.
    dirs: Vec<PathBuf>,
}

impl Excluded {
    /// Excludes `path` (which may not exist yet) from folder walks.
    pub fn file(&mut self, path: &Path) {
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
        let dir = std::fs::canonicalize(dir.unwrap_or(Path::new(".")));
        if let (Ok(dir), Some(name)) = (dir, path.file_name()) {
            self.files.push((dir, name.to_owned()));
        }
    }

    /// Excludes the folder `path` and everything below it from folder walks.
    pub fn dir(&mut self, path: &Path) {
        if let Ok(dir) = std::fs::canonicalize(path) {
            self.dirs.push(dir);
        }
    }

    fn is_empty(&self) -> bool {
        self.files.is_empty() && self.dirs.is_empty()
    }

    /// Whether the canonical `path` is excluded: an output file, or in an output folder.
    fn holds(&self, path: &Path) -> bool {
        self.dirs.iter().any(|dir| path.starts_with(dir))
            || self.files.iter().any(|(dir, name)| {
                path.parent() == Some(dir.as_path()) && path.file_name() == Some(name)
            })
    }
}

/// Expands folders (recursively, sorted, record extensions only, never an excluded path)
/// and keeps files and `-` as given.
pub fn collect(paths: &[String], excluded: &Excluded) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        let path = PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => {
                let before = inputs.len();
                walk(&path, excluded, &mut inputs);
                if inputs.len() == before {
                    inputs.push(Input::NoRecordFiles { path });
                }
            }
            Ok(meta) => {
                let relative = path.file_name().map(PathBuf::from).unwrap_or_default();
                inputs.push(Input::File {
                    path,
                    relative,
                    walked: false,
                    regular: meta.is_file(),
                });
            }
            Err(error) => inputs.push(Input::Missing { path, error }),
        }
    }
    inputs
}

/// The files of the folder `root` (qipu's folder walk), without the excluded paths.
fn walk(root: &Path, excluded: &Excluded, inputs: &mut Vec<Input>) {
    let mut walk = Walk::new(root);
    if !excluded.is_empty() {
        let excluded = excluded.clone();
        walk = walk.skipping(move |path| excluded.holds(path));
    }
    inputs.extend(walk.map(|found| match found {
        Found::File { path, relative } => Input::File {
            path,
            relative,
            walked: true,
            regular: true,
        },
        Found::Unreadable { path, error } => Input::Missing { path, error },
    }));
}
