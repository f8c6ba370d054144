//! The progressive wagers' counts: High Card Flush Progressive against the Straight Flush Bonus
//! (the same hand), DJ Wild Progressive against the reference evaluator over all C(52, 5) hands.

use parsheet_games::{find, OutcomeCounts, OTHER};
use parsheet_reference::{self as reference, RefCard, RefCategory};
use rayon::prelude::*;

fn get(game: &str, wager: &str, variant: Option<&str>) -> OutcomeCounts {
    find(game, wager).unwrap().count(variant).unwrap()
}

#[test]
fn high_card_flush_progressive_is_the_straight_flush_bonus_hand() {
    let progressive = find("high-card-flush", "progressive").unwrap();
    let bonus = find("high-card-flush", "straight-flush-bonus").unwrap();
    assert_eq!(progressive.variants, bonus.variants);
    assert_eq!(progressive.outcomes, bonus.outcomes);
    for v in progressive.variants {
        let (p, b) = (get("high-card-flush", "progressive", Some(v.id)), get("high-card-flush", "straight-flush-bonus", Some(v.id)));
        assert_eq!(p, b, "{}", v.id);
        assert_eq!(p.cycle(), 133_784_560);
    }
}

/// The best standard category when every deuce becomes a distinct card not in the hand: the
/// best hand the cards form without five of a kind.
fn best_without_five_of_a_kind(hand: &[RefCard]) -> RefCategory {
    let naturals: Vec<RefCard> = hand.iter().copied().filter(|c| c.rank() != Some(0)).collect();
    let spare: Vec<RefCard> = reference::deck(false).into_iter().filter(|c| !hand.contains(c)).collect();
    let wilds = hand.len() - naturals.len();
    let mut best = RefCategory::HighCard;
    let mut idx: Vec<usize> = (0..wilds).collect();
    loop {
        let mut five = naturals.clone();
        five.extend(idx.iter().map(|&i| spare[i]));
        best = best.max(reference::standard(&five).category);
        // Next combination of `wilds` indices out of spare.len().
        let mut i = wilds;
        loop {
            if i == 0 {
                return best;
            }
            i -= 1;
            if idx[i] < spare.len() - wilds + i {
                idx[i] += 1;
                for j in i + 1..wilds {
                    idx[j] = idx[j - 1] + 1;
                }
                break;
            }
        }
    }
}

const NAMES: [(RefCategory, &str); 7] = [
    (RefCategory::RoyalFlush, "royal-flush"),
    (RefCategory::StraightFlush, "straight-flush"),
    (RefCategory::FourOfAKind, "four-of-a-kind"),
    (RefCategory::FullHouse, "full-house"),
    (RefCategory::Flush, "flush"),
    (RefCategory::Straight, "straight"),
    (RefCategory::ThreeOfAKind, "three-of-a-kind"),
];

#[test]
fn dj_wild_progressive_equals_the_reference_on_every_hand() {
    // Every five of the 52 natural cards, by the reference evaluator (deuces wild); the five of
    // a kind hands are settled per reading here, from the rules, not from the counting code.
    let deck = reference::deck(false);
    // Per first card: (category counts, five-of-a-kind hands as [best-eligible category]).
    let per_first: Vec<(Vec<(RefCategory, u64)>, Vec<RefCategory>)> = (0..52)
        .into_par_iter()
        .map(|a| {
            let mut by: Vec<(RefCategory, u64)> = Vec::new();
            let mut fives = Vec::new();
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let cat = reference::deuces_joker_wild(&hand).category;
                            if cat == RefCategory::FiveOfAKind {
                                fives.push(best_without_five_of_a_kind(&hand));
                            }
                            match by.iter_mut().find(|x| x.0 == cat) {
                                Some(x) => x.1 += 1,
                                None => by.push((cat, 1)),
                            }
                        }
                    }
                }
            }
            (by, fives)
        })
        .collect();
    let count = |cat: RefCategory| per_first.iter().flat_map(|p| &p.0).filter(|x| x.0 == cat).map(|x| x.1).sum::<u64>() as u128;
    let fives: Vec<RefCategory> = per_first.iter().flat_map(|p| p.1.iter().copied()).collect();
    let five = fives.len() as u128;
    assert_eq!(count(RefCategory::FiveOfAKind), five);
    // Without the joker: no five wilds; five of a kind needs a deuce.
    assert_eq!(count(RefCategory::FiveWilds), 0);
    for variant in ["best-eligible-hand", "as-four-of-a-kind", "as-straight-flush", "not-paid"] {
        let c = get("dj-wild", "progressive", Some(variant));
        assert_eq!(c.cycle(), 2_598_960);
        let mut paid = 0;
        for (cat, name) in NAMES {
            let extra = match (variant, cat) {
                ("best-eligible-hand", _) => fives.iter().filter(|&&f| f == cat).count() as u128,
                ("as-four-of-a-kind", RefCategory::FourOfAKind) | ("as-straight-flush", RefCategory::StraightFlush) => five,
                _ => 0,
            };
            assert_eq!(c.get(name), Some(count(cat) + extra), "{variant} {name}");
            paid += count(cat) + extra;
        }
        assert_eq!(c.get(OTHER), Some(2_598_960 - paid), "{variant}");
    }
    // No wild cards: the standard categories of five cards, by the reference too.
    let standard: Vec<RefCategory> = parsheet_cards_free_hands().into_iter().collect();
    let c = get("dj-wild", "progressive", Some("no-wild-cards"));
    for (cat, name) in NAMES {
        assert_eq!(c.get(name), Some(standard.iter().filter(|&&x| x == cat).count() as u128), "no-wild-cards {name}");
    }
    // The best-eligible reading sends every five of a kind to four of a kind or a straight flush.
    assert!(fives.iter().all(|&f| f == RefCategory::FourOfAKind || f == RefCategory::StraightFlush));
}

#[test]
fn dj_wild_progressive_closed_forms() {
    let c = get("dj-wild", "progressive", Some("not-paid"));
    // Four deuces and one of the 48 other cards: a ten to an ace (20 cards) makes a royal flush,
    // a three to a nine (28 cards) five of a kind, which this reading does not pay; so the
    // straight flushes under "best-eligible-hand" exceed these by exactly 28.
    let best = get("dj-wild", "progressive", Some("best-eligible-hand"));
    assert_eq!(best.get("straight-flush").unwrap(), c.get("straight-flush").unwrap() + 28);
    // Natural royal flushes (4) plus royals with k = 1..4 deuces: per suit, the 5 - k naturals
    // are C(5, k) choices of the royal's cards and the deuces C(4, k). One natural card fixes the
    // suit, so no hand is counted twice (four deuces and a ten to an ace are the k = 4 term).
    let with_deuces: u128 = (1..=4u32).map(|k| binom(5, k) * binom(4, k)).sum::<u128>() * 4;
    assert_eq!(c.get("royal-flush"), Some(4 + with_deuces));
}

/// The standard category of every five of the 52 cards, by the reference.
fn parsheet_cards_free_hands() -> Vec<RefCategory> {
    let deck = reference::deck(false);
    (0..52)
        .into_par_iter()
        .flat_map_iter(|a| {
            let deck = &deck;
            let mut out = Vec::new();
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            out.push(reference::standard(&[deck[a], deck[b], deck[c], deck[d], deck[e]]).category);
                        }
                    }
                }
            }
            out
        })
        .collect()
}

fn binom(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}
