//! `fupg_bounds`: the rule lines on hands written from the text of ch. 688a, the brute force
//! against facts counted by hand and against a slow second path, and the settlement against the
//! simulator's (`face_up_pai_gow.rs`, written separately from the same text).

use std::collections::HashMap;

use parsheet_reference::{low_hand, pai_gow, parse_cards, RefCard, RefValue};
use parsheet_sim::face_up_pai_gow as sim;
use parsheet_sim::fupg_bounds::{
    best_outcome, dealer_class, dealer_setting_bounds, high_at_least_low, is_ace_high_pai_gow, legal_settings, optimal_outcome, settle, Outcome, SettingBounds,
};
use parsheet_sim::rng::Xoshiro256;

fn c(text: &str) -> Vec<RefCard> {
    parse_cards(text)
}

fn hi(text: &str) -> RefValue {
    pai_gow(&c(text))
}

fn lo(text: &str) -> RefValue {
    low_hand(&c(text))
}

/// Settles two explicit settings, given as text.
fn settle_text(dealer_high: &str, dealer_low: &str, player_high: &str, player_low: &str) -> Outcome {
    assert!(high_at_least_low(&hi(player_high), &lo(player_low)), "the example's player setting must be legal");
    settle((hi(dealer_high), lo(dealer_low)), (hi(player_high), lo(player_low)))
}

fn choose(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |a, i| a * (n - i) / (i + 1))
}

// ---------------------------------------------------------------------------------------------
// Rule lines on hands written from the text. Each expected result is read off the rule cited.
// ---------------------------------------------------------------------------------------------

#[test]
fn joker_plays_as_an_ace_688a_6_a() {
    // Dealer: pair of aces with K-9-4, Q-J low. Player: the joker and the ace of spades are a
    // pair of aces with K-9-4 too: an identical high hand, a copy for the dealer (f)(1)(ii).
    let (dh, dl) = ("Ac Ad Kh 9s 4c", "Qc Jd");
    assert_eq!(settle_text(dh, dl, "Jk As Ks 9h 4d", "Kc Qh"), Outcome::Push, "(f)(2)(ii): copy high, low higher");
    assert_eq!(settle_text(dh, dl, "Jk As Ks 9h 4d", "Qh Jc"), Outcome::Lose, "(f)(1)(ii): two copies");
    // The joker alone is an ace kicker: Jk-K-9-7-4 beats A-Q-high only through the king.
    assert!(hi("Jk Kc 9d 7h 4s") > hi("Ac Qd 9h 7c 4d"));
    // Joker and four aces: five aces, above a royal flush (b)(1).
    assert!(hi("Jk Ac Ad Ah As") > hi("As Ks Qs Js Ts"));
    // In a low hand the joker is an ace: Jk-K is A-K, Jk-A a pair of aces.
    assert_eq!(settle_text("Kc Kd 9h 7s 4c", "Ad Qs", "Qc Qd 9s 7d 4h", "Jk Kh"), Outcome::Push);
    assert_eq!(settle_text("Kc Kd 9h 7s 4c", "Ad Ks", "Qc Qd 9s 7d 4h", "Jk Kh"), Outcome::Lose, "Jk-K copies A-K and the high is lower: (f)(1)(ii)");
    assert_eq!(settle_text("Kc Kd 9h 7s 4c", "Ad Ks", "Ac Ah 9s 7d 4h", "Jk Kh"), Outcome::Push, "high higher, low a copy: (f)(2)(i)");
    assert_eq!(settle_text("Kc Kd 9h 7s 4c", "Qd Js", "Ac Ah 9s 7d 4h", "Jk As"), Outcome::Win);
}

#[test]
fn joker_completes_a_straight_and_the_wheel_is_second_688a_6_b_7() {
    // Jk-2-3-4-5: the joker as the ace makes A-2-3-4-5, the second-highest straight, which
    // beats K-Q-J-10-9 and loses to A-K-Q-J-10.
    let wheel = "Jk 2c 3d 4h 5s";
    assert_eq!(settle_text("Kc Qd Jh Ts 9c", "6c 5d", wheel, "8c 7d"), Outcome::Win);
    assert_eq!(settle_text("Ac Kd Qh Js Tc", "6c 5d", wheel, "8c 7d"), Outcome::Push, "high lower, low higher");
    assert_eq!(settle_text("Ac 2d 3h 4s 5c", "6c 5d", wheel, "8c 7d"), Outcome::Push, "the joker wheel copies the natural wheel");
    // A natural wheel likewise sits between broadway and K-high, and above 6-high.
    assert!(hi("Ac Kd Qh Js Tc") > hi("5c 4d 3h 2s Ac") && hi("5c 4d 3h 2s Ac") > hi("Kc Qd Jh Ts 9c"));
    assert!(hi("5c 4d 3h 2s Ac") > hi("6c 5d 4h 3s 2c"));
    // The joker filling the inside of a straight: 9-10-Jk-Q-K is K-high, a copy of K-Q-J-10-9.
    assert_eq!(settle_text("Kc Qd Jh Ts 9c", "6c 5d", "9d Td Jk Qs Kh", "8c 7d"), Outcome::Push);
    // (b)(3): A-2-3-4-5 suited is the highest straight flush, still below a royal flush (b)(2).
    assert!(hi("Ac 2c 3c 4c 5c") > hi("Kd Qd Jd Td 9d"));
    assert!(hi("Ah Kh Qh Jh Th") > hi("Ac 2c 3c 4c 5c"));
    // (a) No wrapping: Q-K-A-2-3 is no straight, ace high.
    assert_eq!(settle_text("Qc Kd Ah 2s 3c", "Jd 9s", "Ac Kh Qs 4d 3d", "Jh Ts"), Outcome::Win, "A-K-Q-4-3 beats A-K-Q-3-2; J-10 beats J-9");
}

#[test]
fn joker_completes_a_flush_and_a_royal_688a_6_a_b_2() {
    // Jk with four hearts is a flush, the joker the best missing heart (the ace): it beats a
    // king-high flush and loses to A-Q-8-5-3 hearts (its queen beats the jack).
    let flush = "Jk 2h 7h 9h Jh";
    assert_eq!(settle_text("Kh Qh 8h 5h 3h", "6c 5d", flush, "8c 7d"), Outcome::Win);
    assert_eq!(settle_text("Ah Qh 8h 5h 3h", "6c 5d", flush, "8c 7d"), Outcome::Push);
    assert!(hi(flush) > hi("Ac Kd Qh Js Tc"), "a flush beats a straight");
    // A joker royal is a royal flush (b)(2), identical to a natural one: a copy, the dealer's.
    assert_eq!(settle_text("As Ks Qs Js Ts", "6c 5d", "Jk Kh Qh Jh Th", "8c 7d"), Outcome::Push);
    assert_eq!(settle_text("As Ks Qs Js Ts", "8d 7s", "Jk Kh Qh Jh Th", "8c 7d"), Outcome::Lose);
}

#[test]
fn settings_must_put_the_larger_hand_high_688a_11_c() {
    let legal = |h: &str, l: &str| high_at_least_low(&hi(h), &lo(l));
    // The rule's example: a pair of sevens low needs at least a pair of sevens high.
    assert!(legal("7h 7s Kc 4d 2c", "7c 7d"));
    assert!(!legal("6h 6s Kc 4d 2c", "7c 7d"));
    assert!(!legal("Ac Kd 9h 4s 2c", "7c 7d"), "no pair high under a pair low");
    assert!(legal("3h 3s 2c 2d 9c", "7c 7d"), "two pair is above a pair");
    // Two unpaired low cards: § 688a.6(c), the highest card not in the other hand.
    assert!(legal("As Kd 9h 4s 2c", "Ac Qd"));
    assert!(!legal("As Jd 9h 4s 2c", "Ac Qd"), "the queen low is above everything high but the ace");
    assert!(legal("As Qh 9h 4s 2c", "Ac Qd"), "A-Q against A-Q: the nine decides for the high hand");
    assert!(!legal("Kc Qd 9h 5s 2c", "Jk 3s"), "the joker low is an ace");
    assert!(legal("Jk Qh 9h 4s 2c", "Ac Qd"), "the joker high is an ace too");
    // The optimal player uses only legal settings: 7-7-6-6 with K-4-2 cannot keep the sevens
    // low and the sixes high, so against two pair (9s and 8s) high and 7-7 low he cannot win.
    let player = c("7c 7d 6h 6s Kc 4d 2c");
    let settings = legal_settings(&player);
    assert!(settings.iter().all(|(h, l)| high_at_least_low(h, l)));
    assert!(!settings.contains(&(hi("6h 6s Kc 4d 2c"), lo("7c 7d"))));
    assert_eq!(optimal_outcome(&c("9c 9d 8h 8s 3c"), &c("5h 5s"), &player), Outcome::Push, "nothing beats 9s and 8s high; 6-6 low (under 7-7 high) beats 5-5");
    assert_eq!(optimal_outcome(&c("9c 9d 8h 8s 3c"), &c("7h 7s"), &player), Outcome::Lose, "7-7 cannot go low under 6-6 high, and 6-6 low is below 7-7");
}

#[test]
fn ace_high_pai_gow_pushes_everything_688a_11_f_2_iii() {
    // Jk K 9 7 5 3 2 in four suits: no pair, no flush, and the joker completes no straight
    // (no four of any five consecutive ranks), so it plays the ace: an Ace High Pai Gow.
    let dealer = c("Jk Kc 9d 7h 5s 3c 2d");
    assert!(is_ace_high_pai_gow(&dealer));
    // Against it even five aces and a pair of kings only push.
    assert_eq!(optimal_outcome(&dealer[..5], &dealer[5..], &c("Ac Ad Ah As Kd Ks 4h")), Outcome::AceHighPush);
    assert_eq!(optimal_outcome(&dealer[..5], &dealer[5..], &c("8c 6d 4h 4s Th Js 3h")), Outcome::AceHighPush);
    // Not Ace High Pai Gows: the joker with an ace is a pair; king high; the joker completing
    // 3-4-5-6-7; a natural A-2-3-4-5; four clubs and the joker (a flush).
    assert!(!is_ace_high_pai_gow(&c("Jk Ac 9d 7h 5s 3c 2d")));
    assert!(!is_ace_high_pai_gow(&c("Kc Qd 9h 7s 5c 3d 2h")));
    assert!(!is_ace_high_pai_gow(&c("Jk Kc 6d 7h 5s 3c 2d")));
    assert!(!is_ace_high_pai_gow(&c("Ac Kd 4h 7s 5c 3d 2h")));
    assert!(!is_ace_high_pai_gow(&c("Jk Kc 9c 7c 5c 3d 2d")));
    assert!(is_ace_high_pai_gow(&c("Ac Kd 9h 7s 5c 3d 2h")), "a natural ace high");
    // King high is settled as usual: 8-8-J-T-4 high beats king high and A-6 low beats Q-2.
    let (kh, kl) = (c("Kc 9h 7s 5c 3d"), c("Qd 2h"));
    assert_eq!(optimal_outcome(&kh, &kl, &c("Ah 8c 8d 6h 4s Tc Js")), Outcome::Win);
}

#[test]
fn classes_see_ranks_joker_and_flush_suit_only() {
    // The same ranks in other suits, no flush possible: one class.
    assert_eq!(dealer_class(&c("Ac Kd 9h 7s 5c 3d 2h")), dealer_class(&c("Ad Kc 9s 7h 5d 3c 2s")));
    // Five clubs: the clubs' ranks belong to the class.
    let flush = dealer_class(&c("Ac Kc 9c 7c 5c 3d 2h"));
    assert_eq!(flush.flush_ranks, Some(1 << 12 | 1 << 11 | 1 << 7 | 1 << 5 | 1 << 3));
    assert_ne!(flush, dealer_class(&c("Ac Kc 9c 7c 5d 3c 2h")), "other ranks in the flush suit");
    assert_eq!(flush, dealer_class(&c("Ah Kh 9h 7h 5h 3s 2d")), "the suit itself is not seen");
    // Four suited and the joker can make a flush; four suited without it cannot.
    assert!(dealer_class(&c("Jk Kc 9c 7c 5c 3d 2h")).flush_ranks.is_some());
    assert_eq!(dealer_class(&c("Ac Kc 9c 7c 5d 3d 2h")).flush_ranks, None);
}

// ---------------------------------------------------------------------------------------------
// The brute force on reduced decks. Rank bits: 0 the deuce .. 12 the ace.
// ---------------------------------------------------------------------------------------------

const TEN_TO_ACE: u16 = 0x1f00;
/// 2, 3, 4, 6, 7, 9, J, A: no five consecutive ranks, but the joker makes 2-3-4-(5)-6 and
/// 3-4-(5)-6-7, and seven distinct ranks with an ace make Ace High Pai Gows.
const GAPPED: u16 = 1 << 0 | 1 << 1 | 1 << 2 | 1 << 4 | 1 << 5 | 1 << 7 | 1 << 9 | 1 << 12;

fn run(name: &str, rank_mask: u16, suits: u8, joker: bool) -> SettingBounds {
    let b = dealer_setting_bounds(rank_mask, suits, joker);
    let n = (rank_mask.count_ones() * suits as u32 + joker as u32) as u128;
    eprintln!("{name}: {b:?}");
    assert_eq!(b.cycle, choose(n, 7) * choose(n - 7, 7));
    assert!(b.dealer_best_net <= b.dealer_worst_net);
    assert_eq!(b.dealer_best[0] as i128 - b.dealer_best[2] as i128, b.dealer_best_net);
    assert_eq!(b.dealer_worst[0] as i128 - b.dealer_worst[2] as i128, b.dealer_worst_net);
    assert!(b.class_settings >= b.classes);
    b
}

#[test]
fn four_low_ranks_in_four_suits_have_80_classes() {
    // 2-3-4-5 in four suits: no flush (four cards a suit) and no straight (four ranks), so a
    // class is a multiset of seven ranks with at most four of each: C(10,3) = 120 solutions of
    // a+b+c+d = 7, less the 4 · C(5,3) = 40 with one count at least 5: 80. No Ace High Pai Gow.
    let b = run("2-5 x4", 0x000f, 4, false);
    assert_eq!(b.classes, 80);
    assert_eq!(b.ace_high_push, 0);
}

#[test]
fn one_suit_and_the_joker_make_every_hand_its_own_class() {
    // 13 clubs and the joker: every hand can make a flush, so its flush ranks are all its ranks
    // and no two hands share a class; the player holds the other seven cards.
    let b = run("one suit + joker", 0x1fff, 1, true);
    assert_eq!(b.cycle, 3432);
    assert_eq!(b.classes, 3432);
}

#[test]
fn gapped_ranks_in_two_suits_count_ace_high_pai_gows() {
    // Without the joker: seven of the eight ranks with the ace (7 ways), suits not five or more
    // alike (2^7 - 2 · (21 + 7 + 1) = 70): 490 hands, each against C(9,7) = 36 players.
    let b = run("gapped x2", GAPPED, 2, false);
    assert_eq!(b.ace_high_push, 490 * 36);
    // With it, add six non-ace ranks and the joker, the joker completing no straight (omit the
    // 3, 4 or 6: 3 ways) and no flush (three of each suit: C(6,3) = 20): 60 more, 550 hands,
    // each against C(10,7) = 120 players.
    let b = run("gapped x2 + joker", GAPPED, 2, true);
    assert_eq!(b.ace_high_push, 550 * 120);
}

#[test]
fn ten_to_ace_in_three_suits_with_the_joker() {
    // Royal flushes, joker royals, five aces are impossible (three aces) but pairs are in
    // every hand: no Ace High Pai Gow.
    let b = run("T-A x3 + joker", TEN_TO_ACE, 3, true);
    assert_eq!(b.ace_high_push, 0);
    assert!(b.dealer_best_net < b.dealer_worst_net, "some class has a choice that matters");
}

#[test]
fn decks_alike_under_688a_6_give_alike_bounds() {
    // 10-J-Q-K-A and 2-3-4-5-A (three suits and the joker) are one deck relabelled: 10, J, Q, K
    // become 2, 3, 4, 5 in the same order, the only straight stays the only straight (broadway,
    // the wheel), the only straight flush stays above four of a kind (a royal flush, (b)(2); the
    // highest straight flush, (b)(3)), five aces cannot happen (three aces and the joker), and
    // the joker plays the ace or completes in both alike. So every count is the same.
    assert_eq!(dealer_setting_bounds(TEN_TO_ACE, 3, true), dealer_setting_bounds(0x000f | 1 << 12, 3, true));
}

// ---------------------------------------------------------------------------------------------
// A second path: the same bounds from reference values, per deal, with no ordinals, colex
// indices or frontiers. Small decks only.
// ---------------------------------------------------------------------------------------------

fn slow_bounds(rank_mask: u16, suits: u8, joker: bool) -> SettingBounds {
    let mut cards: Vec<RefCard> = (0..suits).flat_map(|s| (0..13u8).filter(move |r| rank_mask >> r & 1 == 1).map(move |r| RefCard::natural(r, s))).collect();
    if joker {
        cards.push(RefCard::Joker);
    }
    let n = cards.len();
    let sevens: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() == 7).collect();
    let of = |m: u32| (0..n).filter(|&i| m >> i & 1 == 1).map(|i| cards[i]).collect::<Vec<_>>();
    let settings: HashMap<u32, Vec<(RefValue, RefValue)>> = sevens.iter().map(|&m| (m, legal_settings(&of(m)))).collect();
    // Per class: whether it is an Ace High Pai Gow, its settings, and each one's (win, push, lose).
    type Class = (bool, Vec<(RefValue, RefValue)>, Vec<[u128; 3]>);
    let mut classes: HashMap<_, Class> = HashMap::new();
    let (mut cycle, mut ace_high_push) = (0u128, 0u128);
    for &d in &sevens {
        let dealer = of(d);
        let ace_high = is_ace_high_pai_gow(&dealer);
        let ds = &settings[&d];
        let entry = classes.entry(dealer_class(&dealer)).or_insert_with(|| (ace_high, ds.clone(), vec![[0; 3]; ds.len()]));
        assert_eq!(&entry.1, ds);
        for &p in sevens.iter().filter(|&&p| p & d == 0) {
            cycle += 1;
            if ace_high {
                ace_high_push += 1;
                continue;
            }
            let ps: Vec<(&RefValue, &RefValue)> = settings[&p].iter().map(|(h, l)| (h, l)).collect();
            for (s, (dh, dl)) in ds.iter().enumerate() {
                let o = match best_outcome((dh, dl), &ps) {
                    Outcome::Win => 0,
                    Outcome::Push => 1,
                    _ => 2,
                };
                entry.2[s][o] += 1;
            }
        }
    }
    let mut b = SettingBounds {
        cycle,
        ace_high_push,
        classes: classes.len(),
        class_settings: classes.values().map(|c| c.1.len()).sum(),
        dealer_best_net: 0,
        dealer_worst_net: 0,
        dealer_best: [0; 3],
        dealer_worst: [0; 3],
    };
    let net = |t: &[u128; 3]| t[0] as i128 - t[2] as i128;
    for (_, _, tallies) in classes.values() {
        let (best, worst) = (tallies.iter().min_by_key(|t| net(t)).unwrap(), tallies.iter().max_by_key(|t| net(t)).unwrap());
        b.dealer_best_net += net(best);
        b.dealer_worst_net += net(worst);
        for o in 0..3 {
            b.dealer_best[o] += best[o];
            b.dealer_worst[o] += worst[o];
        }
    }
    b
}

/// Everything must agree, the win/push/lose split of each bound too: both paths list a class's
/// settings in the same order (ordinals keep the reference order) and break ties alike.
#[test]
fn brute_force_matches_a_slow_path_per_deal() {
    for (rank_mask, suits, joker) in [(0x1fff, 1, true), (TEN_TO_ACE, 3, false), (0x000f | 1 << 12, 3, true)] {
        let fast = dealer_setting_bounds(rank_mask, suits, joker);
        let slow = slow_bounds(rank_mask, suits, joker);
        assert_eq!(fast, slow, "deck {rank_mask:#x} x{suits} joker {joker}");
    }
}

// ---------------------------------------------------------------------------------------------
// Against the simulator's reading of the same text (`face_up_pai_gow.rs`).
// ---------------------------------------------------------------------------------------------

/// The simulator's optimal player: its best result over the 21 settings, illegal ones losing.
fn sim_optimal(dealer_high: &[RefCard], dealer_low: &[RefCard], player: &[RefCard]) -> Outcome {
    let mut best = Outcome::Lose;
    for i in 0..7 {
        for j in i + 1..7 {
            let high: Vec<RefCard> = (0..7).filter(|&k| k != i && k != j).map(|k| player[k]).collect();
            match sim::settle(dealer_high, dealer_low, &high, &[player[i], player[j]]) {
                sim::Outcome::Win => return Outcome::Win,
                sim::Outcome::Push => best = Outcome::Push,
                sim::Outcome::PushAceHigh => return Outcome::AceHighPush,
                sim::Outcome::Lose => {}
            }
        }
    }
    best
}

#[test]
fn settlement_agrees_with_the_simulator_on_random_deals() {
    let mut rng = Xoshiro256::seed_from(688);
    let decks = [sim::FupgDeck::FULL, sim::FupgDeck { rank_mask: GAPPED, suits: 2, joker: true }, sim::FupgDeck { rank_mask: TEN_TO_ACE, suits: 3, joker: true }];
    let mut seen = [0usize; 4];
    for deck in decks {
        let mut cards = deck.cards();
        for _ in 0..60 {
            let dealt = rng.deal(&mut cards, 14).to_vec();
            let (dealer, player) = (&dealt[..7], &dealt[7..]);
            assert_eq!(is_ace_high_pai_gow(dealer), sim::is_ace_high_pai_gow(dealer), "{dealer:?}");
            for seven in [dealer, player] {
                for i in 0..7 {
                    for j in i + 1..7 {
                        let high: Vec<RefCard> = (0..7).filter(|&k| k != i && k != j).map(|k| seven[k]).collect();
                        let low = [seven[i], seven[j]];
                        assert_eq!(high_at_least_low(&pai_gow(&high), &low_hand(&low)), sim::is_legal(&high, &low), "{high:?} / {low:?}");
                    }
                }
            }
            // Every legal dealer setting, the optimal player against it.
            for i in 0..7 {
                for j in i + 1..7 {
                    let high: Vec<RefCard> = (0..7).filter(|&k| k != i && k != j).map(|k| dealer[k]).collect();
                    let low = [dealer[i], dealer[j]];
                    if !sim::is_legal(&high, &low) {
                        continue;
                    }
                    let mine = optimal_outcome(&high, &low, player);
                    assert_eq!(mine, sim_optimal(&high, &low, player), "dealer {high:?} / {low:?}, player {player:?}");
                    seen[mine as usize] += 1;
                }
            }
        }
    }
    eprintln!("win, push, lose, ace-high push: {seen:?}");
    assert!(seen.iter().all(|&k| k > 0), "every outcome met: {seen:?}");
}

// ---------------------------------------------------------------------------------------------
// The exact path's setting table (parsheet-games, counted with the one-way solver's engine)
// against this brute force: the bounds over every dealer setting choice, per class.
// ---------------------------------------------------------------------------------------------

#[test]
fn the_setting_table_bounds_equal_the_brute_force() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::{AceHigh, Deck};
    // Where several settings of a class tie, the two pick different ones, so only win − lose
    // (what a bound is) and the pushes of the dealer's Ace High Pai Gows are compared.
    for (rank_mask, suits, joker) in [(TEN_TO_ACE, 3, true), (GAPPED, 2, true), (GAPPED, 2, false), (0x000f, 4, false), (0x1fff, 1, true)] {
        let brute = dealer_setting_bounds(rank_mask, suits, joker);
        let deck = Deck { rank_mask, suits, joker };
        let table = table_from_tally(deck, AceHigh::JokerPlaysAce, &table_shard(deck, AceHigh::JokerPlaysAce, parsheet_shard::Shard::WHOLE, &|_, _| {})).unwrap();
        let b = table.bounds();
        let net = |o: &parsheet_games::strategy::face_up_pai_gow::table::Outcome| o.win as i128 - o.lose as i128;
        let what = format!("deck {rank_mask:#06x} x{suits}{}", if joker { " + joker" } else { "" });
        assert_eq!(b.dealer_best.cycle, brute.cycle, "{what}");
        assert_eq!(net(&b.dealer_best), brute.dealer_best_net, "{what}: dealer-best");
        assert_eq!(net(&b.dealer_worst), brute.dealer_worst_net, "{what}: dealer-worst");
        assert_eq!(b.dealer_best.ace_high, brute.ace_high_push, "{what}: Ace High Pai Gow pushes");
    }
}
