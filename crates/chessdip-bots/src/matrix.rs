//! Small two-player zero-sum games in matrix form, solved approximately by
//! regret matching: each player plays in proportion to how much it regrets
//! not having played each row (or column) so far; the average strategies
//! approach an equilibrium. Used where both sides choose at once (a
//! Diplomacy Chess turn, a Chesspolitik phase between two powers).

/// A payoff matrix for the row player (the column player gets the negative).
#[derive(Clone, Debug)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    cells: Vec<f64>,
}

impl Matrix {
    /// A matrix of `rows` x `cols` zeros.
    #[must_use]
    pub fn new(rows: usize, cols: usize) -> Matrix {
        Matrix { rows, cols, cells: vec![0.0; rows * cols] }
    }

    /// The payoff of row `r` against column `c`.
    #[must_use]
    pub fn get(&self, r: usize, c: usize) -> f64 {
        self.cells[r * self.cols + c]
    }

    /// Sets the payoff of row `r` against column `c`.
    pub fn set(&mut self, r: usize, c: usize, v: f64) {
        self.cells[r * self.cols + c] = v;
    }

    /// Rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row `r`'s expected payoff against the column mix `cols`.
    #[must_use]
    pub fn row_value(&self, r: usize, cols: &[f64]) -> f64 {
        (0..self.cols).map(|c| self.get(r, c) * cols[c]).sum()
    }

    /// Row `r`'s mean payoff against every column alike.
    #[must_use]
    pub fn row_mean(&self, r: usize) -> f64 {
        if self.cols == 0 {
            return 0.0;
        }
        (0..self.cols).map(|c| self.get(r, c)).sum::<f64>() / self.cols as f64
    }

    /// Approximate equilibrium strategies (row mix, column mix) after
    /// `iterations` rounds of regret matching (plus: negative regrets are
    /// reset to zero, and later rounds weigh more in the averages).
    #[must_use]
    pub fn solve(&self, iterations: usize) -> (Vec<f64>, Vec<f64>) {
        let (m, n) = (self.rows, self.cols);
        if m == 0 || n == 0 {
            return (vec![1.0 / m.max(1) as f64; m], vec![1.0 / n.max(1) as f64; n]);
        }
        let mut regret_r = vec![0.0; m];
        let mut regret_c = vec![0.0; n];
        let mut sum_r = vec![0.0; m];
        let mut sum_c = vec![0.0; n];
        let mut row_u = vec![0.0; m];
        let mut col_u = vec![0.0; n];
        for t in 1..=iterations.max(1) {
            let sr = strategy(&regret_r);
            let sc = strategy(&regret_c);
            for (r, u) in row_u.iter_mut().enumerate() {
                *u = self.row_value(r, &sc);
            }
            for (c, u) in col_u.iter_mut().enumerate() {
                *u = -(0..m).map(|r| self.get(r, c) * sr[r]).sum::<f64>();
            }
            let vr: f64 = sr.iter().zip(&row_u).map(|(p, u)| p * u).sum();
            let vc: f64 = sc.iter().zip(&col_u).map(|(p, u)| p * u).sum();
            for r in 0..m {
                regret_r[r] = (regret_r[r] + row_u[r] - vr).max(0.0);
                sum_r[r] += t as f64 * sr[r];
            }
            for c in 0..n {
                regret_c[c] = (regret_c[c] + col_u[c] - vc).max(0.0);
                sum_c[c] += t as f64 * sc[c];
            }
        }
        (normalised(&sum_r), normalised(&sum_c))
    }
}

/// The mix in proportion to positive regrets (uniform if none).
fn strategy(regret: &[f64]) -> Vec<f64> {
    let total: f64 = regret.iter().sum();
    if total <= 0.0 {
        return vec![1.0 / regret.len() as f64; regret.len()];
    }
    regret.iter().map(|r| r / total).collect()
}

/// `v` scaled to sum to 1.
fn normalised(v: &[f64]) -> Vec<f64> {
    let total: f64 = v.iter().sum();
    if total <= 0.0 {
        return vec![1.0 / v.len().max(1) as f64; v.len()];
    }
    v.iter().map(|x| x / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_pennies_mixes_evenly() {
        let mut m = Matrix::new(2, 2);
        m.set(0, 0, 1.0);
        m.set(0, 1, -1.0);
        m.set(1, 0, -1.0);
        m.set(1, 1, 1.0);
        let (r, c) = m.solve(2000);
        assert!((r[0] - 0.5).abs() < 0.05 && (c[0] - 0.5).abs() < 0.05, "{r:?} {c:?}");
    }

    #[test]
    fn a_dominant_row_is_played() {
        // Row 1 is better than row 0 against every column.
        let mut m = Matrix::new(2, 3);
        for c in 0..3 {
            m.set(0, c, c as f64);
            m.set(1, c, c as f64 + 1.0);
        }
        let (r, c) = m.solve(500);
        assert!(r[1] > 0.95, "{r:?}");
        // The column player goes where the row player gains least: column 0.
        assert!(c[0] > 0.95, "{c:?}");
        assert!((m.row_mean(1) - 2.0).abs() < 1e-9);
        assert!((m.row_value(1, &c) - 1.0).abs() < 0.1);
    }
}
