//! What to read: paths expanded as `qipu validate PATH...` expands them (folders walked
//! recursively in name order, hidden names skipped, only regular files with a record
//! extension), then each input's documents, whole or streamed, as the command line
//! reads them.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Cursor, Read, Take};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use qipu::shard::Shard;
use qipu::stream::{DocumentStream, WHOLE_DECODE};
use qipu::walk::{Found, Walk};
use qipu::{read_document, Document, ReadOptions};
use rayon::prelude::*;

/// One thing to read.
pub enum Entry {
    File {
        path: PathBuf,
        /// The path below the folder walked (`/` between names); the file name when named.
        relative: String,
        /// Found by walking a folder.
        walked: bool,
    },
    /// Bytes given by the caller, read as a file of that name.
    Bytes { name: String, data: Arc<Vec<u8>> },
    /// Named but not there, or a folder that cannot be listed.
    Missing { path: PathBuf, error: io::Error },
}

impl Entry {
    pub fn name(&self) -> String {
        match self {
            Entry::File { path, .. } | Entry::Missing { path, .. } => path.display().to_string(),
            Entry::Bytes { name, .. } => name.clone(),
        }
    }

    /// A `.txt` met in a folder walk: skipped when it holds no record.
    pub fn is_walked_text(&self) -> bool {
        matches!(self, Entry::File { path, walked: true, .. }
            if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt")))
    }

    /// Whether the entry is read under `shard`: a walked file by the hash of its path; a
    /// file named (or bytes) always, for its part; a path that cannot be read by the
    /// first shard, which reports it.
    fn in_shard(&self, shard: Shard) -> bool {
        match self {
            Entry::File {
                relative,
                walked: true,
                ..
            } => shard.holds_path(relative),
            Entry::File { .. } | Entry::Bytes { .. } => true,
            Entry::Missing { .. } => shard.index() == 0,
        }
    }

    /// Whether only the shard's bytes of this entry are read.
    fn byte_shard(&self, shard: Option<Shard>) -> Option<Shard> {
        match self {
            Entry::File { walked: false, .. } | Entry::Bytes { .. } => shard,
            _ => None,
        }
    }
}

/// Expands folders (recursively, sorted, record extensions only) and keeps files as
/// given; `shard` keeps the entries it reads.
pub fn collect(paths: &[PathBuf], shard: Option<Shard>) -> Vec<Entry> {
    let mut entries = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut entries),
            Ok(_) => entries.push(Entry::File {
                relative: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                path: path.clone(),
                walked: false,
            }),
            Err(error) => entries.push(Entry::Missing {
                path: path.clone(),
                error,
            }),
        }
    }
    if let Some(shard) = shard {
        entries.retain(|entry| entry.in_shard(shard));
    }
    entries
}

/// The files of the folder `root`, as qipu's folder walk finds them.
fn walk(root: &Path, entries: &mut Vec<Entry>) {
    entries.extend(Walk::new(root).map(|found| match found {
        Found::File { path, relative } => Entry::File {
            relative: Found::relative_name(&relative),
            path,
            walked: true,
        },
        Found::Unreadable { path, error } => Entry::Missing { path, error },
    }));
}

/// What reading an input in a batch gave.
enum Loaded {
    Document(Document),
    /// Read in its turn, piece by piece (large, or a shard).
    Stream,
    Failed(io::Error),
}

/// A streamed input.
enum Streamed {
    File(DocumentStream<File>),
    FileShard(DocumentStream<Take<File>>),
    BytesShard(DocumentStream<Take<Cursor<Vec<u8>>>>),
}

impl Streamed {
    fn next_document(&mut self) -> io::Result<Option<Document>> {
        match self {
            Streamed::File(stream) => stream.next_document(),
            Streamed::FileShard(stream) => stream.next_document(),
            Streamed::BytesShard(stream) => stream.next_document(),
        }
    }

    fn lines_read(&self) -> (usize, usize) {
        match self {
            Streamed::File(stream) => stream.lines_read(),
            Streamed::FileShard(stream) => stream.lines_read(),
            Streamed::BytesShard(stream) => stream.lines_read(),
        }
    }
}

/// What the feed hands on.
pub enum Event {
    /// A document of an input (the whole, or one piece), and whether the input is a
    /// walked `.txt`.
    Document {
        document: Document,
        walked_text: bool,
    },
    /// The input named could not be read, or reading it failed part way.
    Failed { name: String, error: io::Error },
}

/// The documents of a list of entries, in order: batches read in parallel (a pool of
/// `threads`), large inputs and shards streamed in their turn.
pub struct Feed {
    entries: VecDeque<Entry>,
    batch: VecDeque<(Entry, Loaded)>,
    stream: Option<(Entry, Streamed)>,
    options: ReadOptions,
    shard: Option<Shard>,
    batch_size: usize,
    pool: Option<Arc<rayon::ThreadPool>>,
    lines_read: (usize, usize),
}

impl Feed {
    pub fn new(
        entries: Vec<Entry>,
        options: ReadOptions,
        shard: Option<Shard>,
        batch_size: usize,
        pool: Option<Arc<rayon::ThreadPool>>,
    ) -> Feed {
        Feed {
            entries: entries.into(),
            batch: VecDeque::new(),
            stream: None,
            options,
            shard,
            batch_size: batch_size.max(1),
            pool,
            lines_read: (0, 0),
        }
    }

    /// Line ends read from the last input streamed (a large file, a shard), and
    /// characters after the last of them.
    pub fn lines_read(&self) -> (usize, usize) {
        self.lines_read
    }

    /// The next document, on the feed's pool; `None` after the last input.
    pub fn next(&mut self) -> Option<Event> {
        match self.pool.clone() {
            Some(pool) => pool.install(|| self.next_here()),
            None => self.next_here(),
        }
    }

    fn next_here(&mut self) -> Option<Event> {
        loop {
            if let Some((entry, stream)) = &mut self.stream {
                match stream.next_document() {
                    Ok(Some(document)) => {
                        return Some(Event::Document {
                            document,
                            walked_text: entry.is_walked_text(),
                        })
                    }
                    Ok(None) => {
                        self.lines_read = stream.lines_read();
                        self.stream = None;
                    }
                    Err(error) => {
                        let name = entry.name();
                        self.stream = None;
                        return Some(Event::Failed { name, error });
                    }
                }
                continue;
            }
            if self.batch.is_empty() {
                if self.entries.is_empty() {
                    return None;
                }
                self.load_batch();
            }
            let (entry, loaded) = self.batch.pop_front()?;
            match loaded {
                Loaded::Document(document) => {
                    return Some(Event::Document {
                        document,
                        walked_text: entry.is_walked_text(),
                    });
                }
                Loaded::Failed(error) => {
                    return Some(Event::Failed {
                        name: entry.name(),
                        error,
                    })
                }
                Loaded::Stream => match self.open_stream(&entry) {
                    Ok(stream) => self.stream = Some((entry, stream)),
                    Err(error) => {
                        return Some(Event::Failed {
                            name: entry.name(),
                            error,
                        })
                    }
                },
            }
        }
    }

    fn load_batch(&mut self) {
        let take = self.batch_size.min(self.entries.len());
        let entries: Vec<Entry> = self.entries.drain(..take).collect();
        let (options, shard) = (&self.options, self.shard);
        let loaded: Vec<Loaded> = if entries.len() == 1 {
            vec![load(&entries[0], options, shard)]
        } else {
            entries
                .par_iter()
                .map(|entry| load(entry, options, shard))
                .collect()
        };
        self.batch.extend(entries.into_iter().zip(loaded));
    }

    fn open_stream(&self, entry: &Entry) -> io::Result<Streamed> {
        let name = entry.name();
        let options = &self.options;
        match (entry, entry.byte_shard(self.shard)) {
            (Entry::File { path, .. }, Some(shard)) => Ok(Streamed::FileShard(
                DocumentStream::shard(&name, File::open(path)?, shard, options)?,
            )),
            (Entry::File { path, .. }, None) => Ok(Streamed::File(DocumentStream::new(
                &name,
                File::open(path)?,
                options,
            ))),
            (Entry::Bytes { data, .. }, Some(shard)) => Ok(Streamed::BytesShard(
                DocumentStream::shard(&name, Cursor::new(data.to_vec()), shard, options)?,
            )),
            (Entry::Bytes { .. }, None) | (Entry::Missing { .. }, _) => {
                Err(io::Error::other("nothing to stream"))
            }
        }
    }
}

/// Reads an input whole when the command line would (a regular file of up to 8 MB,
/// bytes given), else leaves it to be streamed.
fn load(entry: &Entry, options: &ReadOptions, shard: Option<Shard>) -> Loaded {
    if entry.byte_shard(shard).is_some() {
        return Loaded::Stream;
    }
    match entry {
        Entry::Bytes { name, data } => Loaded::Document(read_document(name, data, options)),
        Entry::Missing { error, .. } => {
            Loaded::Failed(io::Error::new(error.kind(), error.to_string()))
        }
        Entry::File { path, .. } => match read_small(path) {
            Ok(Some(bytes)) => Loaded::Document(read_document(&entry.name(), &bytes, options)),
            Ok(None) => Loaded::Stream,
            Err(error) => Loaded::Failed(error),
        },
    }
}

/// The bytes of a regular file of up to 8 MB, from one open; `None` for a larger file or
/// one that is not regular, which is streamed.
fn read_small(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() || meta.len() > WHOLE_DECODE as u64 {
        return Ok(None);
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}
