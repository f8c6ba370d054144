//! The results cache: one signed file of whole counts per computation, `DIR/<fingerprint>.json`,
//! in a directory only its owner can write.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use parsheet_shard::Tally;

use crate::{CountFile, FileError, SigningKey};

/// A cache directory and the key its entries are signed with.
pub struct Cache {
    dir: PathBuf,
    key: SigningKey,
}

/// What the cache holds for a computation.
pub enum Loaded {
    /// Whole counts of exactly this computation, inputs and build.
    Hit(Tally, PathBuf),
    /// Nothing kept.
    Miss,
    /// An entry that is not used (a warning for the user: why, and that it is recomputed).
    Ignored(String),
}

impl Cache {
    /// Opens (creating it 0700 if missing) a cache directory. One that others can write, or
    /// that another user owns, is refused with the fix: anyone who can write it could plant
    /// entries (signed ones only, but also delete or replace them).
    pub fn open(dir: &Path, key: SigningKey) -> Result<Cache, String> {
        if fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
            return Err(format!("cache directory {} is not a directory but a file: choose another --cache (a directory, created if missing)", dir.display()));
        }
        fs::DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(|e| format!("cannot create the cache directory {}: {e}", dir.display()))?;
        let meta = fs::metadata(dir).map_err(|e| format!("cache directory {}: {e}", dir.display()))?;
        if !meta.is_dir() {
            return Err(format!("cache directory {} is not a directory: choose another --cache", dir.display()));
        }
        if meta.uid() != crate::euid() {
            return Err(format!("cache directory {} belongs to user {}, not to this user: choose a cache of your own (--cache DIR or --no-cache)", dir.display(), meta.uid()));
        }
        if crate::others_can_write(meta.mode()) {
            return Err(format!(
                "cache directory {} can be written by others (mode {:04o}): run `chmod 700 {}`, or choose another --cache (or --no-cache)",
                dir.display(),
                meta.mode() & 0o7777,
                dir.display()
            ));
        }
        // Entries being written (`.NAME.tmp-PID-NANOS`) by runs that were killed.
        crate::remove_stale_temporaries(dir, |n| n.starts_with('.') && n.contains(".tmp-"));
        Ok(Cache { dir: dir.to_path_buf(), key })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn key(&self) -> &SigningKey {
        &self.key
    }

    fn entry(&self, fingerprint: &str) -> PathBuf {
        self.dir.join(format!("{fingerprint}.json"))
    }

    /// Whole counts of `computation` with `inputs` under `build`: only from an entry signed with
    /// this key, of a whole kind, whose identity is exactly this one.
    pub fn load(&self, computation: &str, inputs: &str, build: &str) -> Loaded {
        let fingerprint = crate::fingerprint(computation, inputs, build);
        let path = self.entry(&fingerprint);
        let ignored = |why: String| Loaded::Ignored(format!("ignoring the cache entry {}: {why}; counting again", path.display()));
        let (bytes, meta) = match crate::file::read_bounded(&path) {
            Ok(x) => x,
            Err(_) if fs::symlink_metadata(&path).is_err() => return Loaded::Miss,
            Err(e) => return ignored(e),
        };
        if meta.uid() != crate::euid() {
            return ignored(format!("it belongs to user {}, not to this user ({}); it is replaced by a private one", meta.uid(), crate::euid()));
        }
        if crate::others_can_write(meta.mode()) {
            return ignored(format!("others can write it (mode {:04o}); it is replaced by a private one", meta.mode() & 0o7777));
        }
        let file = match CountFile::from_bytes(&bytes, &self.key) {
            Ok(f) => f,
            Err(FileError::BadSignature) => return ignored("its signature does not match this cache's key (changed after it was written, or written with another key)".into()),
            Err(e) => return ignored(e.to_string()),
        };
        if !file.kind.is_whole() {
            return ignored(format!("it is a {} file, not whole counts", file.kind.name()));
        }
        if file.computation != computation || file.inputs != inputs || file.build != build {
            return ignored("it counts another computation".into());
        }
        Loaded::Hit(file.tally, path)
    }

    /// Keeps whole counts (`kind` counts or merged); written private and moved into place whole.
    pub fn save(&self, file: &CountFile) -> Result<PathBuf, String> {
        assert!(file.kind.is_whole(), "the cache keeps whole counts");
        let path = self.entry(&file.fingerprint());
        write_private(&path, &file.to_bytes(&self.key)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    }
}

/// Writes `bytes` to a fresh 0600 file beside `path` and renames it over `path`.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().expect("an entry is in the cache directory");
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("entry");
    let tmp = dir.join(format!(".{name}.tmp-{}-{nanos}", std::process::id()));
    let done = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&tmp)?;
        // The mode above passes through the umask, which can only remove bits; set it whole.
        f.set_permissions(fs::Permissions::from_mode(0o600))?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if done.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parsheet-cache-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn counts(kind: Kind, computation: &str) -> CountFile {
        CountFile {
            kind,
            build: "b".into(),
            computation: computation.into(),
            inputs: "x = 1\n".into(),
            command: (kind == Kind::Shard).then(|| vec!["analyze".into()]),
            shard: (kind == Kind::Shard).then(|| parsheet_shard::Shard::new(0, 2).unwrap()),
            tally: Tally::new().with("counts", vec![1, 2, 3]),
        }
    }

    #[test]
    fn entries_are_private_and_only_whole_counts_of_this_computation_are_used() {
        let dir = scratch("private");
        let cache = Cache::open(&dir, SigningKey::from_bytes([7; 32])).unwrap();
        assert_eq!(fs::metadata(&dir).unwrap().mode() & 0o777, 0o700);
        let path = cache.save(&counts(Kind::Counts, "c")).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().mode() & 0o777, 0o600);
        assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Hit(t, _) if t.get("counts", 3).unwrap() == [1, 2, 3]));
        assert!(matches!(cache.load("c", "x = 2\n", "b"), Loaded::Miss));
        // A shard signed with the right key, copied to the entry's name: not whole counts.
        fs::write(&path, counts(Kind::Shard, "c").to_bytes(cache.key())).unwrap();
        assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Ignored(e) if e.contains("shard")));
        // An entry signed with another key.
        fs::write(&path, counts(Kind::Counts, "c").to_bytes(&SigningKey::from_bytes([8; 32]))).unwrap();
        assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Ignored(e) if e.contains("signature")));
        // An entry others can write.
        cache.save(&counts(Kind::Counts, "c")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o666)).unwrap();
        assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Ignored(e) if e.contains("others can write")));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_entry_another_users_entry_and_a_file_for_a_directory_are_named_for_what_they_are() {
        let dir = scratch("odd");
        let cache = Cache::open(&dir, SigningKey::from_bytes([7; 32])).unwrap();
        let path = cache.save(&counts(Kind::Counts, "c")).unwrap();
        // An entry of another user (only root can make one): named as such, not "others can write it".
        if crate::euid() == 0 {
            std::os::unix::fs::chown(&path, Some(4321), None).unwrap();
            assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Ignored(e) if e.contains("belongs to user 4321") && !e.contains("others can write")));
        }
        // A FIFO at the entry's name: ignored at once, not waited on.
        fs::remove_file(&path).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success());
        assert!(matches!(cache.load("c", "x = 1\n", "b"), Loaded::Ignored(e) if e.contains("FIFO")));
        // A file given as the cache directory.
        let file = dir.join("plain");
        fs::write(&file, "x").unwrap();
        let e = Cache::open(&file, SigningKey::from_bytes([7; 32])).err().unwrap();
        assert!(e.contains("is not a directory but a file") && !e.contains("File exists"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporaries_of_killed_runs_are_removed_after_a_day() {
        let dir = scratch("stale");
        Cache::open(&dir, SigningKey::from_bytes([7; 32])).unwrap();
        let (old, fresh) = (dir.join(".abc.json.tmp-1-2"), dir.join(".def.json.tmp-3-4"));
        for p in [&old, &fresh] {
            fs::write(p, "partial").unwrap();
        }
        let two_days = std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 24 * 3600);
        fs::File::options().write(true).open(&old).unwrap().set_modified(two_days).unwrap();
        Cache::open(&dir, SigningKey::from_bytes([7; 32])).unwrap();
        assert!(!old.exists() && fresh.exists(), "only the one older than a day goes");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_directory_others_can_write_is_refused_with_the_fix() {
        let dir = scratch("open");
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
        let e = Cache::open(&dir, SigningKey::from_bytes([7; 32])).err().unwrap();
        assert!(e.contains("0777") && e.contains("chmod 700"), "{e}");
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        assert!(Cache::open(&dir, SigningKey::from_bytes([7; 32])).is_ok(), "readable by others is fine");
        fs::remove_dir_all(&dir).unwrap();
    }
}
