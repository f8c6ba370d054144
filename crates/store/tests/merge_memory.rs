//! A merge holds one file and the running sum, whatever the number of shards: the peak heap of
//! merging many large shard files is measured with a counting allocator and compared with the
//! peak of merging two.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

use parsheet_shard::{Shard, Tally};
use parsheet_store::{CountFile, Kind, Merger, Plan, SigningKey};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = NOW.fetch_add(l.size(), SeqCst) + l.size();
            PEAK.fetch_max(now, SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        NOW.fetch_sub(l.size(), SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const VALUES: usize = 1 << 20;

fn shard_files(dir: &PathBuf, key: &SigningKey, n: u32) -> Vec<PathBuf> {
    (0..n)
        .map(|k| {
            // Counts of realistic size (tens of bits), different in every shard.
            let values: Vec<i128> = (0..VALUES as i128).map(|i| (i * 2_654_435_761 + k as i128 * 97) % 1_000_000_007).collect();
            let file = CountFile {
                kind: Kind::Shard,
                build: "b".into(),
                computation: "c".into(),
                inputs: "i = 1\n".into(),
                command: Some(vec!["analyze".into()]),
                shard: Some(Shard::new(k, n).unwrap()),
                tally: Tally::new().with("counts", values),
            };
            let path = dir.join(format!("shard-{k}.json"));
            std::fs::write(&path, file.to_bytes(key)).unwrap();
            path
        })
        .collect()
}

/// The peak heap of merging `files`, above what was allocated before.
fn merge_peak(files: &[PathBuf], key: [u8; 32]) -> (usize, Vec<i128>) {
    let base = NOW.load(SeqCst);
    PEAK.store(base, SeqCst);
    let mut m = Merger::new(SigningKey::from_bytes(key), "b");
    for f in files {
        m.add(f, &mut |_, _| Plan { sum: true, keep: vec![] }).unwrap();
    }
    let merged = m.finish().unwrap();
    let peak = PEAK.load(SeqCst) - base;
    let sum = merged.tallies[0].get("counts", VALUES).unwrap().to_vec();
    (peak, sum)
}

#[test]
fn merge_memory_does_not_grow_with_the_number_of_shards() {
    let dir = std::env::temp_dir().join(format!("parsheet-merge-memory-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let key = [3u8; 32];
    std::fs::create_dir_all(dir.join("few")).unwrap();
    std::fs::create_dir_all(dir.join("many")).unwrap();
    let few = shard_files(&dir.join("few"), &SigningKey::from_bytes(key), 2);
    let many = shard_files(&dir.join("many"), &SigningKey::from_bytes(key), 12);
    let file_bytes = std::fs::metadata(&many[0]).unwrap().len() as usize;
    let (peak_few, _) = merge_peak(&few, key);
    let (peak_many, sum) = merge_peak(&many, key);
    // The sum is right (so the files were all read).
    let expected = |i: usize| (0..12i128).map(|k| (i as i128 * 2_654_435_761 + k * 97) % 1_000_000_007).sum::<i128>();
    assert!([0, 1, VALUES / 2, VALUES - 1].iter().all(|&i| sum[i] == expected(i)));
    // The running sum and one file's bytes (its base64 is decoded from them into the sum, never
    // copied, never held decoded), with 1 MiB for the reader's buffers; twelve files take no
    // more than two.
    let tally_bytes = VALUES * 16;
    eprintln!("peak {peak_many} bytes: the sum {tally_bytes} + {:.2} files of {file_bytes} bytes", (peak_many - tally_bytes) as f64 / file_bytes as f64);
    assert!(peak_many <= tally_bytes + file_bytes + (1 << 20), "peak {peak_many} for files of {file_bytes} bytes and a sum of {tally_bytes}");
    assert!(peak_many * 10 <= peak_few * 11, "12 shards peak at {peak_many} bytes, 2 shards at {peak_few}");
    std::fs::remove_dir_all(&dir).unwrap();
}
