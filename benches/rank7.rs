//! Ranks every seven-card hand, one thread, and compares with a public evaluator in the same run.
//!
//! - `parsheet/<ranking>/per-hand`: every hand looked up on its own (seven nested loops, one key
//!   addition per level), counted into a histogram by rank: 133,784,560 hands of 52 cards for
//!   `standard`, 154,143,080 hands of 52 cards and the joker for `joker` and `deuces-joker-wild`.
//! - `parsheet/<ranking>/grouped`: the same counts as the enumerators compute them: where no flush
//!   can form, the last two cards are taken by rank (one lookup per pair of ranks, weighted by
//!   the number of card pairs).
//! - `aya_poker/standard/per-hand`: the baseline: aya_poker 0.1 (an OMPEval port, the fastest
//!   evaluator on crates.io we know of) ranking the same 133,784,560 hands by the same nested
//!   loops with its own incremental hand type.

use aya_poker::base::{Card as AyaCard, Hand as AyaHand};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parsheet_benches::{count_all_seven_grouped, rank_all_seven, Histogram};
use parsheet_cards::Deck;
use parsheet_eval::{Evaluator, Ranking};

fn aya_rank_all_seven() -> Vec<u64> {
    let cards: Vec<AyaCard> = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As"
        .split(' ')
        .map(|s| s.parse().unwrap())
        .collect();
    let n = cards.len();
    let add = |h: &AyaHand, c: &AyaCard| {
        let mut h = *h;
        h.insert_unchecked(c);
        h
    };
    let mut counts = Histogram::new(1 << 16);
    for a in 0..n {
        let ha = add(&AyaHand::default(), &cards[a]);
        for b in a + 1..n {
            let hb = add(&ha, &cards[b]);
            for c in b + 1..n {
                let hc = add(&hb, &cards[c]);
                for d in c + 1..n {
                    let hd = add(&hc, &cards[d]);
                    for e in d + 1..n {
                        let he = add(&hd, &cards[e]);
                        for f in e + 1..n {
                            let hf = add(&he, &cards[f]);
                            for g in &cards[f + 1..] {
                                counts.add(aya_poker::poker_rank(&add(&hf, g)).0 as usize);
                            }
                        }
                    }
                }
            }
        }
    }
    counts.counts()
}

fn rank7(c: &mut Criterion) {
    let mut group = c.benchmark_group("rank7");
    group.sample_size(10);
    let standard = Deck::standard();
    let with_joker = Deck::with_joker();
    for ranking in Ranking::ALL {
        let deck = if ranking.uses_joker() { &with_joker } else { &standard };
        if ranking == Ranking::PaiGow {
            continue; // same tables and cost as the joker ranking
        }
        let e = Evaluator::get(ranking);
        let hands = parsheet_cards::binomial(deck.len() as u64, 7);
        group.throughput(Throughput::Elements(hands));
        for (kernel, count) in [("per-hand", rank_all_seven as fn(&Evaluator, &Deck) -> Vec<u64>), ("grouped", count_all_seven_grouped)] {
            group.bench_function(format!("parsheet/{}/{kernel}", ranking.name()), |b| {
                b.iter(|| {
                    let counts = count(e, deck);
                    assert_eq!(counts.iter().sum::<u64>(), hands);
                    counts
                })
            });
        }
    }
    group.throughput(Throughput::Elements(133_784_560));
    group.bench_function("aya_poker/standard/per-hand", |b| {
        b.iter(|| {
            let counts = aya_rank_all_seven();
            assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
            counts
        })
    });
    group.finish();
}

criterion_group!(benches, rank7);
criterion_main!(benches);
