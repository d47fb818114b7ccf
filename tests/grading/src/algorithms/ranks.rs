//! The lexicographic numbering of the n! orders of 0..n: the rank of an
//! order, and the order at a rank, for tallying and listing whole orders.

/// The rank of a permutation of 0..n among all n! in lexicographic order.
pub fn lexicographic_rank(order: &[usize]) -> usize {
    let n = order.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller_later = order[i + 1..].iter().filter(|&&x| x < order[i]).count();
        rank = rank * (n - i) + smaller_later;
    }
    rank
}

/// The order of 0..n at lexicographic `rank`.
pub fn order_at(mut rank: usize, n: usize) -> Vec<usize> {
    let mut left: Vec<usize> = (0..n).collect();
    let mut weights = vec![1; n];
    for i in (0..n.saturating_sub(1)).rev() {
        weights[i] = weights[i + 1] * (n - 1 - i);
    }
    let mut order = Vec::new();
    for weight in weights {
        order.push(left.remove(rank / weight));
        rank %= weight;
    }
    order
}
