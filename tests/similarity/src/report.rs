//! Flagged pairs with their matching lines, and the groups they form.

use crate::Index;
use crate::index::Print;

/// A run of lines in one file of a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lines {
    /// Index of the file in the submission's [`crate::Submission::files`].
    pub file: usize,
    /// First line, 1-based.
    pub first: u32,
    /// Last line, inclusive.
    pub last: u32,
}

/// One region that matches between the two submissions of a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The lines in the first submission.
    pub a_lines: Lines,
    /// The lines in the second submission.
    pub b_lines: Lines,
}

/// A flagged pair of submissions.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// Id of the first submission (the earlier in the class's order).
    pub a: String,
    /// Id of the second submission.
    pub b: String,
    /// Similarity in [0, 1]; flagged at or above the threshold.
    pub similarity: f64,
    /// The matching regions, in the first submission's order.
    pub matches: Vec<Match>,
}

/// Three or more submissions joined by flagged pairs: one shared source.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The members' ids, in the class's order.
    pub members: Vec<String>,
    /// The highest similarity of a flagged pair inside the group.
    pub similarity: f64,
}

/// What the detector found: flagged pairs, most similar first, and groups,
/// largest first.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    /// Every pair at or above the threshold, most similar first.
    pub pairs: Vec<Pair>,
    /// Connected components of three or more flagged submissions.
    pub groups: Vec<Group>,
}

/// Union-find with path halving, over the class's positions.
struct Components(Vec<usize>);

impl Components {
    fn find(&mut self, mut x: usize) -> usize {
        while self.0[x] != x {
            self.0[x] = self.0[self.0[x]];
            x = self.0[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.0[ra.max(rb)] = ra.min(rb);
    }
}

impl Index {
    /// Flags the pairs at or above the configured threshold, finds their
    /// matching lines, and groups them.
    ///
    /// Complexity: that of [`Index::scores`], plus O(fingerprints of the
    /// two) per flagged pair, plus near-linear union-find.
    pub fn report(&self) -> Report {
        let flagged: Vec<_> = self
            .scores()
            .into_iter()
            .filter(|s| s.similarity >= self.config.threshold)
            .collect();
        let mut components = Components((0..self.len()).collect());
        let mut best = vec![0.0f64; self.len()];
        for s in &flagged {
            components.union(s.a, s.b);
        }
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); self.len()];
        for s in &flagged {
            let root = components.find(s.a);
            best[root] = best[root].max(s.similarity);
        }
        for position in 0..self.len() {
            let root = components.find(position);
            members[root].push(position);
        }
        let mut groups: Vec<Group> = members
            .into_iter()
            .enumerate()
            .filter(|(_, m)| m.len() >= 3)
            .map(|(root, m)| Group {
                members: m.into_iter().map(|p| self.ids[p].clone()).collect(),
                similarity: best[root],
            })
            .collect();
        groups.sort_by(|x, y| {
            y.members
                .len()
                .cmp(&x.members.len())
                .then(y.similarity.total_cmp(&x.similarity))
        });
        let pairs = flagged
            .into_iter()
            .map(|s| Pair {
                a: self.ids[s.a].clone(),
                b: self.ids[s.b].clone(),
                similarity: s.similarity,
                matches: self.matches(s.a, s.b),
            })
            .collect();
        Report { pairs, groups }
    }

    /// The regions two submissions share: their common kept fingerprints,
    /// joined while they run on in step in both files.
    fn matches(&self, a: usize, b: usize) -> Vec<Match> {
        let (pa, pb) = (&self.docs[a].prints, &self.docs[b].prints);
        let mut common: Vec<(Print, Print)> = Vec::new();
        let (mut i, mut j) = (0, 0);
        while i < pa.len() && j < pb.len() {
            match pa[i].hash.cmp(&pb[j].hash) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    let hash = pa[i].hash;
                    // Each occurrence in a, paired with b's first one.
                    while i < pa.len() && pa[i].hash == hash {
                        if self.pairs_on(hash) {
                            common.push((pa[i], pb[j]));
                        }
                        i += 1;
                    }
                    while j < pb.len() && pb[j].hash == hash {
                        j += 1;
                    }
                }
            }
        }
        common.sort_by_key(|(x, y)| (x.file, x.start, y.file, y.start));
        // Fingerprints at most this many tokens apart belong to one region.
        let gap = (self.config.k + self.config.w) as u32;
        let mut out: Vec<(Print, Print, Match)> = Vec::new();
        for (x, y) in common {
            let region = |p: &Print| Lines {
                file: p.file as usize,
                first: p.first_line,
                last: p.last_line,
            };
            if let Some((lx, ly, m)) = out.last_mut()
                && lx.file == x.file
                && ly.file == y.file
                && x.start.saturating_sub(lx.start) <= gap
                && y.start.abs_diff(ly.start) <= gap
            {
                m.a_lines.first = m.a_lines.first.min(x.first_line);
                m.a_lines.last = m.a_lines.last.max(x.last_line);
                m.b_lines.first = m.b_lines.first.min(y.first_line);
                m.b_lines.last = m.b_lines.last.max(y.last_line);
                (*lx, *ly) = (x, y);
                continue;
            }
            out.push((
                x,
                y,
                Match {
                    a_lines: region(&x),
                    b_lines: region(&y),
                },
            ));
        }
        out.into_iter().map(|(_, _, m)| m).collect()
    }
}
