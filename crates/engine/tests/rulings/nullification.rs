//! Rulings C. 无懈可击 (`timing-rulings.md`).

use crate::support::*;

/// C.13: one window per target; a 无懈可击 cancels the trick on its target only.
#[test]
fn c13_nullification_cancels_one_target_only() {
    let mut s = table(&[Lord, Rebel, Rebel, Loyalist]);
    seat(&mut s, 0).hand = cards(&[SavageAssault]);
    seat(&mut s, 2).hand = cards(&[Nullification]);
    let mut c = Check::new(s);
    c.card(0, SavageAssault, &[]);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify { trick: SavageAssault, target: Some(t), .. } if t.0 == 1
    )));
    c.pass_windows().pass(1);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify { target: Some(t), .. } if t.0 == 2
    )));
    c.card(2, Nullification, &[]).pass_windows();
    c.pass_windows().pass(3);
    assert_eq!([c.hp(1), c.hp(2), c.hp(3)], [3, 4, 3]);
}

/// C.13: a 无懈可击 may be answered by another; an odd number cancels the trick.
#[test]
fn c13_nullification_chains_resolve_by_parity() {
    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[ExNihilo, Nullification]);
    seat(&mut s, 1).hand = cards(&[Nullification, Nullification]);
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]);
    c.card(1, Nullification, &[]);
    // The next window is about the 无懈可击: using one now counters it.
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify {
            countering: true,
            ..
        }
    )));
    c.card(0, Nullification, &[]);
    assert!(c.is_asked(2, |k| matches!(
        k,
        PromptKind::Nullify {
            countering: false,
            ..
        }
    )));
    c.pass_windows();
    // Two: the 无中生有 takes effect.
    assert_eq!(c.hand(0).len(), 2);

    let mut s = table(&[Lord, Rebel, Rebel]);
    seat(&mut s, 0).hand = cards(&[ExNihilo, Nullification]);
    seat(&mut s, 1).hand = cards(&[Nullification, Nullification]);
    let mut c = Check::new(s);
    c.card(0, ExNihilo, &[]);
    c.card(1, Nullification, &[]).card(0, Nullification, &[]);
    c.card(1, Nullification, &[]).pass_windows();
    // Three: it is cancelled.
    assert!(c.hand(0).is_empty());
    assert_eq!(c.hand(1).len(), 0);
    assert_eq!(c.discard_pile().len(), 4);
}
