//! Every file parsheet reads is opened here, the same way: without blocking, as a regular file,
//! within a size cap for its kind.
//!
//! `open(2)` of a FIFO for reading blocks until a writer appears, and a device such as
//! `/dev/zero` never ends; either would hang a command or exhaust its memory. So a file is
//! opened with `O_NONBLOCK` (which returns at once for a FIFO and changes nothing for a regular
//! file), checked to be a regular file on the open descriptor (no race with a rename), and read
//! to at most its kind's cap plus one byte (a file may grow while it is read).

use std::fmt;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// What a file is for, and the most bytes parsheet reads of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// In words, for messages: "a table file".
    pub what: &'static str,
    pub cap: u64,
}

const MB: u64 = 1 << 20;

/// Paytables (`tables/*.json`) and house ways (`house-ways/*.json`).
pub const TABLES: Kind = Kind { what: "a table or house-way file", cap: 16 * MB };
/// Count files: shards, merged counts, cache entries.
pub const COUNTS: Kind = Kind { what: "a count file", cap: 256 * MB };
/// A strategy to replay (`strategy --replay FILE`, CSV or JSON).
pub const REPLAY: Kind = Kind { what: "a replay file", cap: 64 * MB };
/// The signing key (`PARSHEET_KEY_FILE`).
pub const KEY: Kind = Kind { what: "a key file", cap: 1024 };

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// `open(2)` or `read(2)` failed (no such file, no permission, ...).
    Io(io::Error),
    /// A FIFO, device, directory or socket.
    NotRegular { what: &'static str, found: &'static str },
    /// Larger than the kind's cap (`size` is what was seen: the length, or the cap + 1 read).
    TooLarge { what: &'static str, cap: u64, size: u64 },
}

impl ReadError {
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotRegular { what, found } => write!(f, "{found}, not a regular file; {what} must be a plain file"),
            ReadError::TooLarge { what, cap, size } => write!(f, "{size} bytes or more: larger than {}, the most {what} may have", size_words(*cap)),
        }
    }
}

impl std::error::Error for ReadError {}

fn size_words(bytes: u64) -> String {
    if bytes >= MB && bytes % MB == 0 {
        format!("{} MB", bytes / MB)
    } else {
        format!("{bytes} bytes")
    }
}

fn file_type_words(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a plain file"
    }
}

/// `path` opened for reading without blocking, and its metadata as opened: refused unless a
/// regular file of at most `kind.cap` bytes.
pub fn open(path: &Path, kind: Kind) -> Result<(File, Metadata), ReadError> {
    let file = OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular { what: kind.what, found: file_type_words(&meta) });
    }
    if meta.len() > kind.cap {
        return Err(ReadError::TooLarge { what: kind.what, cap: kind.cap, size: meta.len() });
    }
    Ok((file, meta))
}

/// The bytes of `path` ([`open`]'s checks), and its metadata as opened.
pub fn read(path: &Path, kind: Kind) -> Result<(Vec<u8>, Metadata), ReadError> {
    let (file, meta) = open(path, kind)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(kind.cap + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() as u64 > kind.cap {
        return Err(ReadError::TooLarge { what: kind.what, cap: kind.cap, size: bytes.len() as u64 });
    }
    Ok((bytes, meta))
}

/// The text of `path` ([`read`]), UTF-8 without a leading byte-order mark (spreadsheets save CSV
/// with one).
pub fn read_text(path: &Path, kind: Kind) -> Result<String, String> {
    let (bytes, _) = read(path, kind).map_err(|e| e.to_string())?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").map(<[u8]>::to_vec).unwrap_or(bytes);
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (byte {}); save the file as UTF-8", e.utf8_error().valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("parsheet-json-read-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_fifo_a_device_and_a_directory_are_refused_at_once() {
        let d = scratch("kinds");
        let fifo = d.join("fifo");
        let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(status.success());
        // With no writer, a blocking open would never return; this one names what it found.
        let e = read(&fifo, TABLES).unwrap_err().to_string();
        assert!(e.contains("FIFO") && e.contains("a table or house-way file must be a plain file"), "{e}");
        let e = read(Path::new("/dev/zero"), REPLAY).unwrap_err().to_string();
        assert!(e.contains("character device"), "{e}");
        let e = read(&d, KEY).unwrap_err().to_string();
        assert!(e.contains("a directory"), "{e}");
        assert!(read(&d.join("missing"), KEY).unwrap_err().is_not_found());
    }

    #[test]
    fn the_cap_of_each_kind_is_named_and_a_bom_is_dropped() {
        let d = scratch("cap");
        let key = d.join("key");
        std::fs::write(&key, vec![b'a'; 1025]).unwrap();
        let e = read(&key, KEY).unwrap_err().to_string();
        assert!(e.contains("1025 bytes") && e.contains("larger than 1024 bytes, the most a key file may have"), "{e}");
        std::fs::write(&key, vec![b'a'; 1024]).unwrap();
        assert_eq!(read(&key, KEY).unwrap().0.len(), 1024);
        assert_eq!(size_words(TABLES.cap), "16 MB");
        let csv = d.join("plan.csv");
        std::fs::write(&csv, b"\xEF\xBB\xBFclass,action\n").unwrap();
        assert_eq!(read_text(&csv, REPLAY).unwrap(), "class,action\n");
        std::fs::write(&csv, b"a\xFFb").unwrap();
        assert!(read_text(&csv, REPLAY).unwrap_err().contains("byte 1"));
    }
}
