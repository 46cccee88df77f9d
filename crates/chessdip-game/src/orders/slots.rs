//! A phase's stored orders grouped by power, as the reports and the
//! deadline's texts list them.

use crate::store::OrderRow;
use chessdip_rules::family::SlotOrder;

/// Every power's orders, grouped by power.
pub(crate) fn by_power(rows: &[OrderRow]) -> Vec<(String, Vec<SlotOrder>)> {
    let mut out: Vec<(String, Vec<SlotOrder>)> = Vec::new();
    for r in rows {
        let o = SlotOrder { slot: r.slot.clone(), text: r.text.clone() };
        match out.iter_mut().find(|(p, _)| *p == r.power) {
            Some((_, list)) => list.push(o),
            None => out.push((r.power.clone(), vec![o])),
        }
    }
    out
}
