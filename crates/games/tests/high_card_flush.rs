//! The High Card Flush solver against independent counts: a pair-by-pair brute force on reduced
//! decks (hand values from `parsheet-reference`, every decision valued directly), brute force of
//! single player hands on the full deck, and closed forms for the full deck.

use std::time::Instant;

use num_bigint::BigInt;
use num_rational::BigRational;
use parsheet_games::strategy::find_strategy;
use parsheet_games::strategy::high_card_flush::{showdown, solution_of, solve_deck, tally};
use parsheet_reference::{hcf_value, RefCard};

fn binom(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// Every k-subset of 0..n as a bitmask.
fn subsets(n: usize, k: usize) -> Vec<u32> {
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.iter().fold(0u32, |m, &i| m | 1 << i));
        let mut i = k;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if idx[i] < n - k + i {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Results of the brute force: net and total wager summed over every deal, the number of deals,
/// and outcome counts by id.
struct Brute {
    net: i128,
    wager: i128,
    deals: i128,
    counts: Vec<(String, u128)>,
}

/// Every player hand against every dealer hand of the reduced deck; each player hand takes the
/// option (fold, or a raise of 1x, 2x or 3x where the rules allow it) with the best total over
/// its dealer hands, the smaller wager on equal totals.
fn brute_force(suits: &[u16], hand: usize) -> Brute {
    let mut cards = Vec::new();
    for (s, &mask) in suits.iter().enumerate() {
        for r in 0..13u8 {
            if mask >> r & 1 != 0 {
                cards.push(RefCard::natural(r, s as u8));
            }
        }
    }
    let n = cards.len();
    assert!(n <= 24);
    let hands = subsets(n, hand);
    // Hand values, replaced by their order among all values (equal values, equal order).
    let values: Vec<(u8, Vec<u8>)> = hands
        .iter()
        .map(|&m| hcf_value(&(0..n).filter(|&i| m >> i & 1 != 0).map(|i| cards[i]).collect::<Vec<_>>()))
        .collect();
    let mut sorted = values.clone();
    sorted.sort();
    sorted.dedup();
    // 678a.11(d): "at least a three-card flush, nine high", the least being 9-3-2.
    let minimum = (3u8, vec![7u8, 1, 0]);
    let mut order = vec![u16::MAX; 1 << n];
    let mut qualifies = vec![false; 1 << n];
    let mut length = vec![0u8; 1 << n];
    for (i, &m) in hands.iter().enumerate() {
        order[m as usize] = sorted.binary_search(&values[i]).unwrap() as u16;
        qualifies[m as usize] = values[i] >= minimum;
        length[m as usize] = values[i].0;
    }
    let mut out = Brute { net: 0, wager: 0, deals: 0, counts: Vec::new() };
    let (mut fold, mut dnq, mut tie) = (0u128, 0u128, 0u128);
    let (mut win, mut lose) = ([0u128; 4], [0u128; 4]);
    for &p in &hands {
        let max = match length[p as usize] {
            0..=4 => 1,
            5 => 2,
            _ => 3,
        };
        let rest: Vec<usize> = (0..n).filter(|&i| p >> i & 1 == 0).collect();
        // Net of each raise size 1..=3 (index r), and the showdown counts.
        let mut raise = [0i128; 4];
        let (mut q, mut w, mut t, mut l) = (0u128, 0u128, 0u128, 0u128);
        let mut dealer_hands = 0i128;
        for sub in subsets(rest.len(), hand) {
            let d = rest.iter().enumerate().filter(|&(j, _)| sub >> j & 1 != 0).fold(0u32, |m, (_, &i)| m | 1 << i);
            dealer_hands += 1;
            let (po, dq, dor) = (order[p as usize], qualifies[d as usize], order[d as usize]);
            for (r, net) in raise.iter_mut().enumerate().skip(1) {
                let r = r as i128;
                *net += if !dq {
                    1 // Ante wins, Raise pushes.
                } else if po > dor {
                    1 + r
                } else if po == dor {
                    0
                } else {
                    -1 - r
                };
            }
            if !dq {
                q += 1;
            } else if po > dor {
                w += 1;
            } else if po == dor {
                t += 1;
            } else {
                l += 1;
            }
        }
        let mut best_net = -dealer_hands;
        let mut best = 0;
        for r in 1..=max {
            if raise[r] > best_net {
                best_net = raise[r];
                best = r;
            }
        }
        out.net += best_net;
        out.wager += (1 + best as i128) * dealer_hands;
        out.deals += dealer_hands;
        if best == 0 {
            fold += dealer_hands as u128;
        } else {
            dnq += q;
            win[best] += w;
            tie += t;
            lose[best] += l;
        }
    }
    out.counts.push(("fold".into(), fold));
    out.counts.push(("dealer-does-not-qualify".into(), dnq));
    for r in 1..=3 {
        out.counts.push((format!("win-{r}x"), win[r]));
    }
    out.counts.push(("tie".into(), tie));
    for r in 1..=3 {
        out.counts.push((format!("lose-{r}x"), lose[r]));
    }
    out
}

fn ratio(n: i128, d: i128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

fn mask(ranks: &str) -> u16 {
    ranks.chars().fold(0, |m, c| m | 1 << "23456789TJQKA".find(c).unwrap())
}

/// Checks one deck; returns the choices the solver's strategy made there.
fn check_against_brute_force(suits: &[u16], hand: usize) -> Vec<&'static str> {
    let s = solve_deck(suits, hand);
    let b = brute_force(suits, hand);
    let what = format!("suits {suits:x?}, {hand}-card hands");
    assert_eq!(s.counts.cycle() as i128, b.deals, "{what}");
    assert_eq!(s.expected_net, ratio(b.net, b.deals), "{what}");
    assert_eq!(s.expected_wager, ratio(b.wager, b.deals), "{what}");
    for (id, n) in &b.counts {
        assert_eq!(s.counts.get(id).unwrap_or(0), *n, "{what}: {id}");
    }
    // Outcomes the solver lists hold no deal the brute force does not.
    let listed: u128 = b.counts.iter().filter(|c| s.counts.get(&c.0).is_some()).map(|c| c.1).sum();
    assert_eq!(listed, b.deals as u128, "{what}");
    eprintln!("{what}: net {}, wager {}, rows {}", s.expected_net, s.expected_wager, s.strategy.len());
    for d in &s.strategy {
        eprintln!("  {} -> {}", d.situation, d.choice);
    }
    s.strategy.iter().map(|d| d.choice).collect()
}

#[test]
fn solver_equals_brute_force_on_reduced_decks() {
    // The qualifier 9-3-2 and its neighbours, the top ranks, and enough cards per suit for
    // five-, six- and seven-card flushes (2x and 3x raises).
    let start = Instant::now();
    let mut chosen = Vec::new();
    let four = mask("2389A");
    chosen.extend(check_against_brute_force(&[four; 4], 5));
    let three = mask("23789K");
    chosen.extend(check_against_brute_force(&[three; 3], 6));
    // Suits holding different ranks: no relabelling between them, or only between two.
    chosen.extend(check_against_brute_force(&[mask("23789KA"), mask("2389Q"), mask("2349TJ")], 6));
    chosen.extend(check_against_brute_force(&[mask("2389KA"), mask("23789A"), mask("2389KA")], 6));
    let two = mask("23789TA");
    chosen.extend(check_against_brute_force(&[two; 2], 7));
    chosen.extend(check_against_brute_force(&[mask("23456789"), mask("3789TJQKA")], 6));
    eprintln!("brute force checks took {:?}", start.elapsed());
    // The checks are only as good as the decisions they exercise.
    for c in ["fold", "raise-1x", "raise-2x", "raise-3x"] {
        assert!(chosen.contains(&c), "no reduced deck chooses {c}");
    }
}

/// Dealer hands of the full deck, brute-forced one by one against a player hand, by showdown:
/// does not qualify, lower, equal, higher. Values by per-suit counts and rank masks.
fn full_deck_showdown(player: [u16; 4]) -> [u64; 4] {
    let val = |lanes: [u16; 4]| lanes.iter().map(|&m| (m.count_ones(), m)).max().unwrap();
    let pv = val(player);
    let minimum = (3u32, 1u16 << 7 | 1 << 1 | 1);
    let rest: Vec<(usize, u16)> =
        (0..4).flat_map(|s| (0..13).filter(move |&r| player[s] >> r & 1 == 0).map(move |r| (s, 1u16 << r))).collect();
    assert_eq!(rest.len(), 45);
    let mut out = [0u64; 4];
    let mut lanes = [0u16; 4];
    fn go(rest: &[(usize, u16)], from: usize, left: usize, lanes: &mut [u16; 4], f: &mut dyn FnMut(&[u16; 4])) {
        if left == 0 {
            f(lanes);
            return;
        }
        for i in from..=rest.len() - left {
            let (s, b) = rest[i];
            lanes[s] |= b;
            go(rest, i + 1, left - 1, lanes, f);
            lanes[s] &= !b;
        }
    }
    go(&rest, 0, 7, &mut lanes, &mut |d| {
        let dv = val(*d);
        let i = if dv < minimum {
            0
        } else if pv > dv {
            1
        } else if pv == dv {
            2
        } else {
            3
        };
        out[i] += 1;
    });
    out
}

#[test]
fn single_hands_on_the_full_deck_equal_brute_force() {
    let full = [0x1fff; 4];
    for hand in [
        [mask("AK"), mask("QJ"), mask("T9"), mask("8")],
        [mask("J86"), mask("A5"), mask("K2"), 0],
        [mask("9A"), mask("32"), mask("8"), mask("KQ")],
        [mask("QT7542"), mask("9"), 0, 0],
    ] {
        assert_eq!(showdown(&full, &hand, 7), full_deck_showdown(hand), "{hand:x?}");
    }
}

/// Seven-card hands of the full deck by suit counts: `per_suit(k)` ways for a suit of k cards.
fn by_suit_counts(per_suit: impl Fn(u64) -> u128, accept: impl Fn(&[u64; 4]) -> bool) -> u128 {
    let mut total = 0;
    for a in 0..=7 {
        for b in 0..=7 - a {
            for c in 0..=7 - a - b {
                let k = [a, b, c, 7 - a - b - c];
                if accept(&k) {
                    total += k.iter().map(|&x| per_suit(x)).product::<u128>();
                }
            }
        }
    }
    total
}

#[test]
fn full_game_totals_and_closed_forms() {
    let start = Instant::now();
    let t = tally(&[0x1fff; 4], 7);
    let elapsed = start.elapsed();
    let s = solution_of(&t);
    let hands = binom(52, 7);
    assert_eq!(hands, 133_784_560);
    assert_eq!(t.dealer_hands as u128, binom(45, 7));
    assert_eq!(s.counts.cycle(), hands * binom(45, 7));
    assert_eq!(s.strategy.iter().map(|d| d.deals).sum::<u128>(), s.counts.cycle());
    // Player hands by longest flush, from suit counts.
    for len in 2..=7u32 {
        let expected = by_suit_counts(|k| binom(13, k), |k| k.iter().copied().max() == Some(len as u64));
        let solved: u128 = t.by_value.iter().filter(|(v, _)| *v >> 13 == len).map(|(_, x)| x.hands).sum();
        assert_eq!(solved, expected, "{len}-card flushes");
        let rows: u128 =
            s.strategy.iter().filter(|d| d.situation.starts_with(&format!("{len}-card"))).map(|d| d.deals).sum();
        assert_eq!(rows, expected * binom(45, 7), "{len}-card rows");
    }
    // The dealer fails to qualify when no suit holds more than two cards, or three of 2 to 8.
    let not_qualifying = by_suit_counts(
        |k| match k {
            0..=2 => binom(13, k),
            3 => binom(7, 3),
            _ => 0,
        },
        |_| true,
    );
    let dnq: u128 = t.by_value.values().map(|x| x.showdowns[0]).sum();
    assert_eq!(dnq, not_qualifying * binom(45, 7), "pairs where the dealer does not qualify");
    // Exchanging the two hands: pairs where the player is higher and the dealer qualifies, plus
    // pairs where the player qualifies and the dealer does not, equal pairs where the player is
    // lower and the dealer qualifies (lower pairs with neither qualifying match by symmetry).
    let sum = |i: usize| t.by_value.values().map(|x| x.showdowns[i]).sum::<u128>();
    let player_qualifies_dealer_not: u128 =
        t.by_value.iter().filter(|(v, _)| **v >= 3 << 13 | 1 << 7 | 1 << 1 | 1).map(|(_, x)| x.showdowns[0]).sum();
    assert_eq!(sum(1) + player_qualifies_dealer_not, sum(3));
    // Hands that qualify, counted from the player's side, equal those counted from the dealer's.
    let qualifying_hands: u128 =
        t.by_value.iter().filter(|(v, _)| **v >= 3 << 13 | 1 << 7 | 1 << 1 | 1).map(|(_, x)| x.hands).sum();
    assert_eq!(qualifying_hands, hands - not_qualifying);
    // Six- and seven-card flushes always raise 3x; two-card flushes never raise.
    assert!(s.strategy.iter().filter(|d| d.situation.starts_with("6-card") || d.situation.starts_with("7-card")).all(|d| d.choice == "raise-3x"));
    let via_registry = find_strategy("high-card-flush").unwrap().solve(None, None).unwrap();
    assert_eq!(via_registry.expected_net, s.expected_net);
    eprintln!("tally of the full game took {elapsed:?}");
}

/// Prints the full solution: `cargo test -p parsheet-games --release --test high_card_flush -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_full_solution() {
    let start = Instant::now();
    let s = find_strategy("high-card-flush").unwrap().solve(None, None).unwrap();
    println!("solved in {:?}", start.elapsed());
    let f = |r: &BigRational| {
        let n: f64 = r.numer().to_string().parse().unwrap();
        let d: f64 = r.denom().to_string().parse().unwrap();
        n / d
    };
    for d in &s.strategy {
        let opts: Vec<String> = d.options.iter().map(|(o, v)| format!("{o} {:+.6}", f(v))).collect();
        println!("{:<60} {:<9} deals {:>20}  {}", d.situation, d.choice, d.deals, opts.join("  "));
    }
    for ((id, n), (_, net)) in s.counts.rows().iter().zip(&s.nets) {
        println!("{id:<24} {n:>20} net {net}");
    }
    println!("cycle {}", s.counts.cycle());
    println!("house edge {} = {:.6}%", s.house_edge(), 100.0 * f(&s.house_edge()));
    println!("element of risk {} = {:.6}%", s.element_of_risk(), 100.0 * f(&s.element_of_risk()));
    println!("expected wager {} = {:.6}", s.expected_wager, f(&s.expected_wager));
}

/// The tally kept in the results cache reads back as counted, on a reduced deck and the full
/// one's shape; a stored tally of another deck, or one whose counts do not add up, is refused
/// (and counted again by `stored_tally`).
#[test]
fn a_stored_tally_reads_back_and_a_wrong_one_is_refused() {
    use parsheet_games::strategy::high_card_flush::Tally;
    let suits = [0b1_1111_1000_0000u16; 3];
    let t = tally(&suits, 4);
    let back = Tally::from_shard(&t.to_shard(), &suits, 4).unwrap();
    assert_eq!(back.by_value, t.by_value);
    assert_eq!((back.hand, back.cards, back.dealer_hands), (t.hand, t.cards, t.dealer_hands));
    assert!(Tally::from_shard(&t.to_shard(), &[0b1_1111_1000_0000u16; 4], 4).is_err(), "another deck");
    let stored = t.to_shard();
    let mut values = stored.get("values", stored.parts()[1].1.len()).unwrap().to_vec();
    values[1] += 1; // one more hand of the first value than its decisions
    let bad = parsheet_shard::Tally::new().with("deck", stored.get("deck", 3).unwrap().to_vec()).with("values", values);
    assert!(Tally::from_shard(&bad, &suits, 4).is_err());
    // A dealer hand moved from "lower" to "higher" in a value's showdowns (their sum kept) but
    // not in its showdowns by decision: a replay settles a value from its showdowns, so refused.
    // (An entry: value, hands, 4 showdowns, 3 decisions, 3 × 4 showdowns by decision.)
    let mut values = stored.get("values", stored.parts()[1].1.len()).unwrap().to_vec();
    let at = values.chunks(21).position(|e| e[3] > 0).unwrap() * 21;
    (values[at + 3], values[at + 5]) = (values[at + 3] - 1, values[at + 5] + 1);
    let moved = parsheet_shard::Tally::new().with("deck", stored.get("deck", 3).unwrap().to_vec()).with("values", values);
    assert!(Tally::from_shard(&moved, &suits, 4).unwrap_err().contains("do not add up"));
}
