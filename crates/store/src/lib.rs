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
pub use file::{CountFile, FileError, Kind, FORMAT, MAX_FILE};
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
