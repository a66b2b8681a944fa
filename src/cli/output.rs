//! Where `convert` writes: standard output, one file, or one file per input (beside the
//! input with `--in-place`, mirrored below a folder with `--output-dir`). Files are
//! written to a temporary file beside the target and renamed over it at the end, so an
//! output that names an input can never destroy it, and an interrupted run leaves the
//! old file as it was.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use qipu::write::Format;

use super::failure::{Doing, PathError};

/// The one output of a whole run: standard output, or a file (`-o`).
pub enum RunOutput {
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// The `-o` file, committed when the run has written it whole.
    File(AtomicFile),
}

impl RunOutput {
    /// Standard output, buffered.
    pub fn stdout() -> RunOutput {
        RunOutput::Stdout(BufWriter::new(io::stdout().lock()))
    }

    /// The file `path` (written beside it and renamed at the end), else standard output.
    pub fn open(path: Option<&Path>) -> io::Result<RunOutput> {
        Ok(match path {
            Some(path) => RunOutput::File(AtomicFile::create(path)?),
            None => RunOutput::stdout(),
        })
    }

    /// Flushes standard output, or puts the file in place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            RunOutput::Stdout(mut out) => out.flush(),
            RunOutput::File(file) => file.commit(),
        }
    }
}

impl Write for RunOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            RunOutput::Stdout(out) => out.write(bytes),
            RunOutput::File(file) => file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            RunOutput::Stdout(out) => out.flush(),
            RunOutput::File(file) => file.flush(),
        }
    }
}

/// A file being written under a temporary name beside its target.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `target`: the bytes go to a hidden temporary file in the same
    /// folder (so the final rename stays on one file system, and folder walks skip it).
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        let temp = temp_of(target)?;
        let file = File::create(&temp).map_err(PathError::wrap(Doing::Write, target))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::new(file)),
        })
    }

    /// Goes on writing the temporary file of `target` that [`AtomicFile::close`] left.
    pub fn reopen(target: &Path) -> io::Result<AtomicFile> {
        let temp = temp_of(target)?;
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(&temp)
            .map_err(PathError::wrap(Doing::Write, target))?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::new(file)),
        })
    }

    /// Writes out what is buffered and lets go of the file, which stays under its
    /// temporary name, for [`AtomicFile::reopen`], [`AtomicFile::commit_closed`] or
    /// [`AtomicFile::abandon_closed`]: a run with more outputs than it may hold open.
    pub fn close(mut self) -> io::Result<()> {
        match self.writer.take() {
            Some(writer) => writer
                .into_inner()
                .map(drop)
                .map_err(|err| PathError::wrap(Doing::Write, &self.target)(err.into_error())),
            None => Ok(()),
        }
    }

    /// Puts the file that [`AtomicFile::close`] left in place of `target`.
    pub fn commit_closed(target: &Path) -> io::Result<()> {
        AtomicFile::reopen(target)?.commit()
    }

    /// Removes the file that [`AtomicFile::close`] left: `target` stays as it was.
    pub fn abandon_closed(target: &Path) {
        if let Ok(temp) = temp_of(target) {
            let _ = std::fs::remove_file(temp);
        }
    }

    /// Writes everything out and puts the file in place of its target, with the
    /// target's permissions when it replaces one.
    pub fn commit(mut self) -> io::Result<()> {
        let target = self.target.clone();
        let done = (|| {
            if let Some(writer) = self.writer.take() {
                let file = writer
                    .into_inner()
                    .map_err(io::IntoInnerError::into_error)?;
                if let Ok(old) = std::fs::metadata(&self.target) {
                    file.set_permissions(old.permissions())?;
                }
                file.sync_all()?;
            }
            std::fs::rename(&self.temp, &self.target)
        })();
        done.map_err(PathError::wrap(Doing::Write, &target))
    }

    /// Where the file will be.
    pub fn target(&self) -> &Path {
        &self.target
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.writer {
            Some(writer) => writer
                .write(bytes)
                .map_err(PathError::wrap(Doing::Write, &self.target)),
            None => Ok(0),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.writer {
            Some(writer) => writer
                .flush()
                .map_err(PathError::wrap(Doing::Write, &self.target)),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    /// A file that was not committed is abandoned: its target stays as it was.
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// The hidden temporary file beside `target` that is written in its place (in the same
/// folder, so that the final rename stays on one file system, and folder walks skip it).
fn temp_of(target: &Path) -> io::Result<PathBuf> {
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target.file_name().ok_or_else(|| {
        PathError::wrap(Doing::Write, target)(io::Error::from(io::ErrorKind::IsADirectory))
    })?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".qipu-{}.tmp", std::process::id()));
    Ok(dir.join(temp_name))
}

/// Whether a file of this name holds the target format already, so that `--in-place`
/// keeps its name truthful.
pub fn has_extension_of(path: &Path, format: Format) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(format.extension()))
}

/// Records in one output: a blank line between records, none after JSON lines.
pub struct RecordWriter<W: Write> {
    out: W,
    written: usize,
}

impl<W: Write> RecordWriter<W> {
    pub fn new(out: W) -> RecordWriter<W> {
        RecordWriter { out, written: 0 }
    }

    /// Goes on with an output that holds `written` records already.
    pub fn continuing(out: W, written: usize) -> RecordWriter<W> {
        RecordWriter { out, written }
    }

    pub fn write(&mut self, text: &str, format: Format) -> io::Result<()> {
        if self.written > 0 && format != Format::Json {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(text.as_bytes())?;
        self.written += 1;
        Ok(())
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}
