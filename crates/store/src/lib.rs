//! Counts kept on disk, and the trust parsheet places in them (docs/SECURITY.md).
//!
//! An exact count can take minutes, so parsheet keeps finished counts (the results cache) and
//! adds up counts made elsewhere (shard files, `parsheet merge`). A kept count is as good as the
//! figure it becomes, so the rule is: a stored file is data, and parsheet uses counts only from
//! files that it, or a holder of the same key, wrote. Every count file is signed:
//!
//! - [`SigningKey`]: 32 random bytes in a key file that only its owner can read, created on
//!   first use (atomically: many shard processes may start at once). A cluster shares one key
//!   file the way Slurm's nodes share `munge.key`.
//! - [`CountFile`] (format 2): what is counted (the computation, its inputs, the build, their
//!   fingerprint), its kind (`shard`, `merged`, `counts`), the command and shard label of a
//!   shard, and the tally in a compact binary encoding; the last field, `mac`, is an
//!   HMAC-SHA-256 of every byte before it. The MAC is checked before anything else in the file
//!   is read, and the rest is read strictly (a repeated key is refused), so no field can be
//!   changed, added or moved from another file: a shard is never read as a whole count, a
//!   command is run only as written by a key holder, and a forged tally is refused even when
//!   its fingerprint and shape are right.
//! - [`Cache`]: a directory only its owner can write (0700, entries 0600, whatever the umask);
//!   one whose directory or entry others can write is refused, naming the fix. A cache entry
//!   is used only when its kind is a whole count and its computation, inputs, build and
//!   fingerprint are this run's; anything else is ignored with a warning and recomputed.
//! - [`Merger`]: shard files added one at a time into a running sum, so a merge holds one
//!   file and the sum, whatever the number of shards.
//!
//! The key proves who wrote a file, not that its counts are right: a key holder can sign
//! anything. Where nodes of a cluster are not trusted, `parsheet merge --recheck K` recounts
//! K shards here and refuses the merge if any differs. The math crates know none of this:
//! they ask `parsheet_shard::counted(key, compute)`; the program decides where counts come from.

mod cache;
mod file;
mod key;
pub mod process;
mod merge;

pub use cache::{Cache, Loaded};
pub use file::{CountFile, Encoded, FileError, Kind, FORMAT, MAX_FILE};
pub use key::{default_key_path, SigningKey};
pub use merge::{Merged, Merger, Plan};

use sha2::{Digest, Sha256};

/// The fingerprint of a computation under a build: SHA-256 of the four strings
/// `parsheet counts v1`, `build`, `computation`, `inputs`, each preceded by its length in bytes
/// as a little-endian 64-bit integer (docs/JSON.md, "Count files"). Equal fingerprints mean
/// equal counts; it names a cache entry.
pub fn fingerprint(computation: &str, inputs: &str, build: &str) -> String {
    let mut h = Sha256::new();
    for part in ["parsheet counts v1", build, computation, inputs] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    hex(&h.finalize())
}

/// A command line as a POSIX shell reads it back: each argument that holds anything but
/// letters, digits and `_ - . / : = , + @ %` in single quotes, so an argument with a space reads
/// as one.
pub fn shell_words(args: &[String]) -> String {
    let plain = |a: &str| !a.is_empty() && a.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-./:=,+@%".contains(&b));
    args.iter().map(|a| if plain(a) { a.clone() } else { format!("'{}'", a.replace('\'', "'\\''")) }).collect::<Vec<_>>().join(" ")
}

/// Removes the regular files of `dir` whose names `is_temporary` accepts and that were last
/// modified more than a day ago: temporaries of runs that were killed. Age alone decides, since
/// other processes (other nodes of a cluster) may be writing theirs now.
pub(crate) fn remove_stale_temporaries(dir: &std::path::Path, is_temporary: impl Fn(&str) -> bool) {
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let stale = e.metadata().is_ok_and(|m| m.is_file() && m.modified().ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age > day));
        if stale && is_temporary(&e.file_name().to_string_lossy()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `mode`'s permission bits let users other than the owner write.
pub(crate) fn others_can_write(mode: u32) -> bool {
    mode & 0o022 != 0
}

/// The effective user id of this process.
pub(crate) fn euid() -> u32 {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_command_shown_reads_back_as_the_same_arguments() {
        let args: Vec<String> = ["analyze", "dj-wild", "--tables", "my tables/x.json", "--pays", "royal=1 to 1", "it's", ""].iter().map(|s| s.to_string()).collect();
        let shown = super::shell_words(&args);
        assert_eq!(shown, "analyze dj-wild --tables 'my tables/x.json' --pays 'royal=1 to 1' 'it'\\''s' ''");
        let back = std::process::Command::new("sh").arg("-c").arg(format!("for a in {shown}; do printf '%s\\n' \"$a\"; done")).output().unwrap();
        assert_eq!(String::from_utf8(back.stdout).unwrap(), args.iter().map(|a| format!("{a}\n")).collect::<String>());
    }
}
