//! A small, seeded, reproducible random number generator and the two things the simulator asks
//! of it: unbiased integers below a bound, and Fisher–Yates shuffles.
//!
//! * [`SplitMix64`] turns one `u64` seed into well-mixed words (Steele, Lea and Flood, 2014); it
//!   only seeds the main generator.
//! * [`Xoshiro256`] is xoshiro256** (Blackman and Vigna, 2018): 256 bits of state, period
//!   2^256 − 1, and a [`Xoshiro256::jump`] that advances it by 2^128 steps. Jumping gives each
//!   chunk of a simulation its own non-overlapping stretch of one stream, so the result for a
//!   seed does not depend on how many threads ran the chunks.
//! * [`Xoshiro256::below`] draws uniformly from `0..n` by rejection: it refuses the lowest
//!   `2^64 mod n` words, so the words it keeps are a whole number of copies of `0..n`. No modulo
//!   bias, whatever `n` is.
//! * [`Xoshiro256::deal`] runs the first `k` steps of a Fisher–Yates shuffle: position `i`
//!   receives a uniformly chosen card among those not yet dealt. The first `k` positions of a
//!   full shuffle are distributed exactly like that, and the later steps never touch them, so
//!   this is a full shuffle of which only the top `k` cards are looked at.
//!
//! Written here, not taken from a crate, so that a seed means the same deals on every platform
//! and in every version, and so that nothing about it has to be taken on trust.

/// SplitMix64: the standard seeder for the xoshiro family.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// xoshiro256**.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xoshiro256 {
    s: [u64; 4],
}

impl Xoshiro256 {
    /// The generator whose state is four SplitMix64 outputs of `seed` (never all zero: SplitMix64
    /// is a bijection of its counter, and four consecutive outputs are not all zero).
    pub fn seed_from(seed: u64) -> Xoshiro256 {
        let mut sm = SplitMix64(seed);
        let s = [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()];
        assert!(s != [0; 4], "xoshiro state must not be all zero");
        Xoshiro256 { s }
    }

    /// A generator with this exact state (for test vectors). Panics on the all-zero state.
    pub fn from_state(s: [u64; 4]) -> Xoshiro256 {
        assert!(s != [0; 4], "xoshiro state must not be all zero");
        Xoshiro256 { s }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Advances the state by 2^128 calls of [`Xoshiro256::next_u64`] (the authors' jump
    /// polynomial).
    pub fn jump(&mut self) {
        const JUMP: [u64; 4] = [0x180e_c6d3_3cfd_0aba, 0xd5a6_1266_f0c9_392c, 0xa958_2618_e03f_c9aa, 0x39ab_dc45_29b1_661c];
        let mut acc = [0u64; 4];
        for word in JUMP {
            for bit in 0..64 {
                if word >> bit & 1 == 1 {
                    for (a, s) in acc.iter_mut().zip(self.s) {
                        *a ^= s;
                    }
                }
                self.next_u64();
            }
        }
        self.s = acc;
    }

    /// A uniform integer in `0..n`, by rejection (no modulo bias). Panics when `n` is zero.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "no integer lies below zero");
        // 2^64 mod n: words below it are refused, leaving a multiple of n equally likely words.
        let refused = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= refused {
                return x % n;
            }
        }
    }

    /// Shuffles `cards` in place (Fisher–Yates) far enough that `cards[..k]` is a uniformly
    /// random ordered selection of `k` of them, and returns it. Panics if `k > cards.len()`.
    #[inline]
    pub fn deal<'a, T>(&mut self, cards: &'a mut [T], k: usize) -> &'a [T] {
        let n = cards.len();
        assert!(k <= n, "cannot deal {k} cards from {n}");
        for i in 0..k {
            let j = i + self.below((n - i) as u64) as usize;
            cards.swap(i, j);
        }
        &cards[..k]
    }

    /// A full Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, cards: &mut [T]) {
        let n = cards.len();
        self.deal(cards, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // Published first outputs for seed 0 (Vigna's splitmix64.c).
        let mut sm = SplitMix64(0);
        assert_eq!(sm.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(sm.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(sm.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn xoshiro256starstar_reference_values() {
        // Outputs of the reference C implementation from the state {1, 2, 3, 4}.
        let mut x = Xoshiro256::from_state([1, 2, 3, 4]);
        let want: [u64; 10] = [
            11520,
            0,
            1509978240,
            1215971899390074240,
            1216172134540287360,
            607988272756665600,
            16172922978634559625,
            8476171486693032832,
            10595114339597558777,
            2904607092377533576,
        ];
        for w in want {
            assert_eq!(x.next_u64(), w);
        }
    }

    #[test]
    fn jump_moves_to_a_different_stream() {
        let a = Xoshiro256::seed_from(7);
        let mut b = a.clone();
        b.jump();
        assert_ne!(a, b);
        let mut c = a.clone();
        c.jump();
        assert_eq!(b, c, "jumping is deterministic");
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut x = Xoshiro256::seed_from(1);
        assert_eq!(x.below(1), 0);
        // A bound just above 2^63 refuses almost half of all words: still in range.
        let big = (1u64 << 63) + 1;
        for _ in 0..1000 {
            assert!(x.below(big) < big);
        }
        // 600,000 draws from 0..6: each count within 5 standard deviations of 100,000.
        let mut counts = [0u64; 6];
        for _ in 0..600_000 {
            counts[x.below(6) as usize] += 1;
        }
        let sd = (600_000.0f64 * (1.0 / 6.0) * (5.0 / 6.0)).sqrt();
        for c in counts {
            assert!((c as f64 - 100_000.0).abs() < 5.0 * sd, "{counts:?}");
        }
    }

    #[test]
    fn shuffles_are_permutations_and_every_position_is_uniform() {
        let mut x = Xoshiro256::seed_from(3);
        let mut deck: Vec<u8> = (0..5).collect();
        // Where card 0 lands after a full shuffle: uniform over 5 positions.
        let mut at = [0u64; 5];
        for _ in 0..100_000 {
            x.shuffle(&mut deck);
            let mut sorted = deck.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2, 3, 4]);
            at[deck.iter().position(|&c| c == 0).unwrap()] += 1;
        }
        let sd = (100_000.0f64 * 0.2 * 0.8).sqrt();
        for c in at {
            assert!((c as f64 - 20_000.0).abs() < 5.0 * sd, "{at:?}");
        }
        // Dealing two of five: all 20 ordered pairs appear, about equally often.
        let mut pairs = std::collections::HashMap::new();
        for _ in 0..100_000 {
            let two = x.deal(&mut deck, 2);
            *pairs.entry((two[0], two[1])).or_insert(0u64) += 1;
        }
        assert_eq!(pairs.len(), 20);
        let sd = (100_000.0f64 * 0.05 * 0.95).sqrt();
        for (&p, &c) in &pairs {
            assert!((c as f64 - 5_000.0).abs() < 5.0 * sd, "{p:?}: {c}");
        }
    }
}
