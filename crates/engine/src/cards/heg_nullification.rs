//! 无懈可击·国 Hegemony Nullification — 普通锦囊 of the 国战 deck (`hegemony.md` H-CARD-GUOWUXIE).
//!
//! 一张锦囊牌对一名目标角色生效前，对此牌使用。抵消此锦囊牌对该角色产生的效果，或选择该角色所在
//! 势力的其他角色：此牌对这些角色也无效。
//! Used whenever a 无懈可击 could be, and as one (it cancels a trick's effect on a target, another
//! 无懈可击, a delayed trick). Used first against an ordinary trick's effect on a determined,
//! non-careerist target while the trick has later targets of that target's faction, its user may
//! choose "for the whole faction": if it is not itself cancelled, the trick is cancelled for the
//! target and then, with no window, for every later target of its faction (H-PROC-GUOWUXIE). The
//! windows and the choice are `resolve/nullify.rs`'s; the choice's options are
//! [`SINGLE`] and [`WHOLE_FACTION`].

use crate::card::{CardKind, Category};
use crate::def::card::{never, CardDef, Target};

pub use crate::resolve::nullify::{SINGLE, WHOLE_FACTION};

pub static DEF: CardDef = CardDef {
    kind: CardKind::HegNullification,
    name_zh: "无懈可击·国",
    name_en: "Hegemony Nullification",
    text_zh: "一张锦囊牌对一名目标角色生效前，对此牌使用：抵消此锦囊牌对该角色产生的效果；或抵消此锦囊牌对该角色及之后与其势力相同的目标角色产生的效果。",
    text_en: "Use when a trick would take effect on a target: cancel its effect on that target — or on that target and every later target of its faction.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::None,
    can_use: never,
    on_start: None,
    effect: None,
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

#[cfg(test)]
mod tests {
    use super::{SINGLE, WHOLE_FACTION};
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::cards::heg_test::{heg_table, pass_window, Side};
    use crate::prompt::{Cause, PromptKind};
    use crate::testing::{cards, seat, Check};

    fn asked_the_faction(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            *k == PromptKind::Choose {
                cause: Cause::Card(HegNullification),
            }
        })
    }

    /// H-EX-8: 蜀 A's 南蛮入侵 reaches 魏 B first; 吴 C uses 无懈可击·国 for the whole faction:
    /// B and later 魏 D are cancelled (D gets no window), hidden E is not protected, C itself
    /// resolves normally.
    #[test]
    fn h_ex_8_the_whole_faction_is_spared() {
        let mut s = heg_table(&[
            Side::Shu,
            Side::Wei,
            Side::Wu,
            Side::Wei,
            Side::Hidden,
            Side::Qun,
        ]);
        seat(&mut s, 0).hand = cards(&[SavageAssault]);
        seat(&mut s, 2).hand = cards(&[HegNullification]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]);
        // B's window.
        c.card(2, HegNullification, &[]);
        assert!(asked_the_faction(&c, 2));
        c.act(
            2,
            Action::Option {
                index: WHOLE_FACTION,
            },
        );
        pass_window(&mut c);
        assert_eq!(c.hp(1), 4, "B is spared");
        // C's own window, then C is asked for a 杀 and has none.
        pass_window(&mut c);
        c.pass(2);
        assert_eq!(c.hp(2), 3, "C resolves normally");
        // D: no window, spared; the next window is E's.
        assert!(c.is_asked(3, |k| matches!(
            k,
            PromptKind::Nullify {
                target: Some(crate::seat::Seat(4)),
                ..
            }
        )));
        assert_eq!(c.hp(3), 4, "D is spared with its faction");
        // E, hidden: its window, then its 杀.
        pass_window(&mut c);
        c.pass(4);
        assert!(c.hp(4) < c.game.seat(crate::seat::Seat(4)).max_hp as i8);
        c.assert_conserved();
    }

    /// H-CARD-GUOWUXIE: "single" cancels for the target only.
    #[test]
    fn h_card_guowuxie_single_cancels_for_one_target() {
        let mut s = heg_table(&[Side::Shu, Side::Wei, Side::Wu, Side::Wei]);
        seat(&mut s, 0).hand = cards(&[SavageAssault]);
        seat(&mut s, 2).hand = cards(&[HegNullification]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]);
        c.card(2, HegNullification, &[]);
        c.act(2, Action::Option { index: SINGLE });
        c.pass_windows();
        assert_eq!(c.hp(1), 4);
        c.pass_windows();
        c.pass(2);
        c.pass_windows();
        c.pass(3);
        assert_eq!(c.hp(3), 3, "D was not spared");
    }

    /// H-CARD-GUOWUXIE: if the 无懈可击·国 is itself cancelled, nobody is spared.
    #[test]
    fn h_card_guowuxie_countered_it_spares_nobody() {
        let mut s = heg_table(&[Side::Shu, Side::Wei, Side::Wu, Side::Wei]);
        seat(&mut s, 0).hand = cards(&[SavageAssault, Nullification]);
        seat(&mut s, 2).hand = cards(&[HegNullification]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]);
        c.card(2, HegNullification, &[]);
        c.act(
            2,
            Action::Option {
                index: WHOLE_FACTION,
            },
        );
        c.card(0, Nullification, &[]).pass_windows();
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        c.pass_windows();
        c.pass(2);
        c.pass_windows();
        c.pass(3);
        assert_eq!(c.hp(3), 3);
    }

    /// H-CARD-GUOWUXIE: no later target of the faction (or a hidden target): no choice; it
    /// cancels like a 无懈可击.
    #[test]
    fn h_card_guowuxie_without_later_friends_there_is_no_choice() {
        let mut s = heg_table(&[Side::Shu, Side::Wei, Side::Wu]);
        seat(&mut s, 0).hand = cards(&[Duel]);
        seat(&mut s, 2).hand = cards(&[HegNullification]);
        let mut c = Check::new(s);
        c.card(0, Duel, &[1]);
        c.card(2, HegNullification, &[]);
        assert!(!asked_the_faction(&c, 2));
        c.pass_windows();
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hp(0), 4);
    }
}
