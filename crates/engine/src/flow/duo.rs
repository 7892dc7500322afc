//! 双将 A seat with two generals (国战, `hegemony.md` §2–4): its main general (主将) and deputy
//! (副将), each face down (暗置) until revealed (明置). While neither is shown the seat plays as
//! the white general: no skills, no kingdom (H-HID-1). A revealed general's skills join the
//! seat's; the first reveal fixes the seat's faction — the general's kingdom, or 野心家 when that
//! kingdom already has half the table (H-FAC-1, H-CAR-1).
//!
//! The machinery knows duos as it knows line-ups: a game whose mode deals them has one per seat
//! (`Game::duos`), any other none. The mode decides when a reveal may happen; this file does the
//! reveal and answers the questions the rules ask about factions (H-PROC-FRIEND).

use serde::{Deserialize, Serialize};

use crate::event::{Camp, Event};
use crate::game::Game;
use crate::ids::GeneralId;
use crate::seat::{Gender, Kingdom, Seat};

/// A seat's two generals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duo {
    /// 主将 (the white general until chosen).
    pub main: GeneralId,
    /// 副将.
    pub deputy: GeneralId,
    pub main_shown: bool,
    pub deputy_shown: bool,
    /// 野心家: made one by its first reveal (H-CAR-1).
    pub careerist: bool,
    /// The halves of its two generals sum to an odd number: a leftover half (H-SETUP-5).
    pub half_left: bool,
    /// The rewards for showing both generals have been given or declined (H-REW-5).
    pub rewarded: bool,
    /// The generals it was dealt to choose from (H-SETUP-2); empty once it has chosen.
    pub offer: Vec<GeneralId>,
    /// 预亮 Its main general's trigger skills ask while it is hidden (H-REV-10); private.
    #[serde(default)]
    pub main_preshown: bool,
    /// 预亮 Its deputy's trigger skills ask while it is hidden.
    #[serde(default)]
    pub deputy_preshown: bool,
    /// 断肠 (国战 text): its main general's skills are lost for good, shown or hidden (public).
    #[serde(default)]
    pub main_lost: bool,
    /// 断肠: its deputy's skills are lost for good.
    #[serde(default)]
    pub deputy_lost: bool,
}

impl Duo {
    /// A seat dealt `offer`, nothing chosen yet.
    pub fn offered(offer: Vec<GeneralId>) -> Self {
        Duo {
            main: GeneralId::White,
            deputy: GeneralId::White,
            main_shown: false,
            deputy_shown: false,
            careerist: false,
            half_left: false,
            rewarded: false,
            offer,
            main_preshown: false,
            deputy_preshown: false,
            main_lost: false,
            deputy_lost: false,
        }
    }

    /// 已确定势力 At least one general is shown.
    pub fn is_determined(&self) -> bool {
        self.main_shown || self.deputy_shown
    }

    /// Both generals are shown.
    pub fn all_shown(&self) -> bool {
        self.main_shown && self.deputy_shown
    }

    /// Has it a hidden general?
    pub fn has_hidden(&self) -> bool {
        !self.all_shown()
    }

    /// The main general (the deputy if `deputy`), whether it is shown, whether its skills are
    /// lost (断肠).
    pub fn side(&self, deputy: bool) -> (GeneralId, bool, bool) {
        if deputy {
            (self.deputy, self.deputy_shown, self.deputy_lost)
        } else {
            (self.main, self.main_shown, self.main_lost)
        }
    }
}

/// The faction (camp) of kingdom `kingdom`.
pub fn camp_of(kingdom: Kingdom) -> Camp {
    match kingdom {
        Kingdom::Wei => Camp::Wei,
        Kingdom::Shu => Camp::Shu,
        Kingdom::Wu => Camp::Wu,
        _ => Camp::Qun,
    }
}

impl Game {
    /// Every seat's two generals (empty in modes without them).
    pub fn duos(&self) -> &[Duo] {
        &self.duos
    }

    /// `seat`'s two generals, in a mode that deals them.
    pub fn duo(&self, seat: Seat) -> Option<&Duo> {
        self.duos.get(seat.index())
    }

    /// The kingdom `seat`'s generals belong to (the main general's, H-FAC-5), known to its owner
    /// from the start.
    pub fn duo_kingdom(&self, seat: Seat) -> Option<Kingdom> {
        self.duo(seat).map(|d| self.general(d.main).kingdom)
    }

    /// 性别 `seat`'s gender as the rules read it: its general's — in 国战 the shown general's (the
    /// main general's when both are), and none while no general is shown (H-HID-2: a hidden
    /// character is sexless, so no gender-based skill or weapon affects or uses it). The view's
    /// `gender` of such a seat is the white general's.
    pub fn gender(&self, seat: Seat) -> Option<Gender> {
        if self.duo(seat).is_some_and(|d| !d.is_determined()) {
            return None;
        }
        Some(self.seats[seat.index()].gender)
    }

    /// 已确定势力 Has `seat` shown a general?
    pub fn is_determined(&self, seat: Seat) -> bool {
        self.duo(seat).is_some_and(Duo::is_determined)
    }

    /// `seat`'s faction once determined: its kingdom's camp, or [`Camp::Careerist`].
    pub fn faction(&self, seat: Seat) -> Option<Camp> {
        let duo = self.duo(seat).filter(|d| d.is_determined())?;
        if duo.careerist {
            return Some(Camp::Careerist);
        }
        self.duo_kingdom(seat).map(camp_of)
    }

    /// 与你势力相同 (H-FAC-2): the same character, or both determined, neither a careerist, of
    /// one kingdom.
    pub fn same_faction(&self, a: Seat, b: Seat) -> bool {
        if a == b {
            return true;
        }
        match (self.faction(a), self.faction(b)) {
            (Some(x), Some(y)) => x == y && x != Camp::Careerist,
            _ => false,
        }
    }

    /// Would `a` be of `b`'s faction once it shows a general ([QHeg] `willBeFriendWith`): the same
    /// faction if `a` is determined; else `b` is determined, of `a`'s kingdom, no careerist, and
    /// `a`'s first reveal now would not make it a careerist. A hidden seat's skill that reads "of
    /// your faction" (随势) asks this before revealing.
    pub fn will_be_friend(&self, a: Seat, b: Seat) -> bool {
        if a == b || self.is_determined(a) {
            return self.same_faction(a, b);
        }
        let Some(kingdom) = self.duo_kingdom(a) else {
            return false;
        };
        self.faction(b) == Some(camp_of(kingdom)) && !self.would_be_careerist(a)
    }

    /// 与你势力不同 (H-FAC-3): both determined and not of the same faction.
    pub fn different_faction(&self, a: Seat, b: Seat) -> bool {
        self.is_determined(a) && self.is_determined(b) && !self.same_faction(a, b)
    }

    /// Would `seat`'s first reveal now make it a careerist (H-CAR-1)? S = the other seats, alive
    /// or dead, already determined as its kingdom and not careerists; a careerist if S + 1 >
    /// floor(N / 2).
    pub fn would_be_careerist(&self, seat: Seat) -> bool {
        let Some(kingdom) = self.duo_kingdom(seat) else {
            return false;
        };
        let camp = camp_of(kingdom);
        let same = (0..self.seat_count())
            .map(|i| Seat(i as u8))
            .filter(|s| *s != seat && self.faction(*s) == Some(camp))
            .count();
        same + 1 > self.seat_count() / 2
    }

    /// 明置 Turns `seat`'s hidden main general (its deputy if `deputy`) face up: its skills join
    /// the seat's, and a first reveal fixes the faction (H-PROC-REVEAL (1)–(2)). Nothing if it
    /// is already shown. No reward and no victory check here: the caller's rules say whether
    /// they follow.
    pub(crate) fn reveal_general(&mut self, seat: Seat, deputy: bool) {
        let Some(duo) = self.duos.get(seat.index()) else {
            return;
        };
        let (general, shown) = if deputy {
            (duo.deputy, duo.deputy_shown)
        } else {
            (duo.main, duo.main_shown)
        };
        if shown || general == GeneralId::White {
            return;
        }
        let first = !duo.is_determined();
        let careerist = first && self.would_be_careerist(seat);
        let duo = &mut self.duos[seat.index()];
        if deputy {
            duo.deputy_shown = true;
        } else {
            duo.main_shown = true;
        }
        if first {
            duo.careerist = careerist;
        }
        let main_shown = duo.main_shown;
        let careerist = duo.careerist;
        let lost = duo.side(deputy).2;
        let def = self.registry.general(general);
        let state = &mut self.seats[seat.index()];
        // The seat shows the main general once it is up, else the deputy (H-HID-2: gender too).
        if !deputy || !main_shown {
            state.general = general;
            state.gender = def.gender;
        }
        state.kingdom = def.kingdom;
        // A general whose skills 断肠 took comes up without them (H-PROC-REVEAL (1)).
        for skill in def.skills.iter().filter(|_| !lost) {
            if !state.skills.contains(skill) {
                state.skills.to_mut().push(*skill);
            }
        }
        self.emit(Event::GeneralRevealed {
            seat,
            general,
            deputy,
            careerist,
        });
    }

    /// 断肠 (国战 text, H-SK-duanchang): the skills of `seat`'s main general (its deputy if
    /// `deputy`) are lost for good — now if it is shown (those its other shown general also
    /// has stay), at its reveal if it is hidden. Public, naming the side only.
    pub(crate) fn lose_general_skills(&mut self, seat: Seat, deputy: bool) {
        let Some(duo) = self.duos.get_mut(seat.index()) else {
            return;
        };
        let (general, shown, lost) = duo.side(deputy);
        if lost || general == GeneralId::White {
            return;
        }
        if deputy {
            duo.deputy_lost = true;
        } else {
            duo.main_lost = true;
        }
        let (other, other_shown, other_lost) = duo.side(!deputy);
        self.emit(Event::GeneralSkillsLost { seat, deputy });
        if shown {
            let kept = if other_shown && !other_lost {
                self.general(other).skills
            } else {
                &[]
            };
            for skill in self.general(general).skills {
                if !kept.contains(skill) {
                    self.lose_skill(seat, *skill);
                }
            }
        }
    }

    /// 倾城 (H-SK-qingcheng, H-REV-4): `seat`'s shown main general (its deputy if `deputy`) is
    /// turned face down again while its other general stays shown: its skills stop (those the
    /// other general also has stay), the seat shows the other general, its faction is kept, and
    /// showing it again rewards nothing (H-REW-5). Nothing unless both are shown.
    pub(crate) fn hide_general(&mut self, seat: Seat, deputy: bool) {
        let Some(duo) = self.duos.get_mut(seat.index()) else {
            return;
        };
        if !duo.all_shown() {
            return;
        }
        if deputy {
            duo.deputy_shown = false;
        } else {
            duo.main_shown = false;
        }
        duo.rewarded = true;
        let (general, _, lost) = duo.side(deputy);
        let (other, _, other_lost) = duo.side(!deputy);
        self.emit(Event::GeneralHidden {
            seat,
            deputy,
            general: Some(general),
        });
        let def = self.registry.general(other);
        let state = &mut self.seats[seat.index()];
        state.general = other;
        state.gender = def.gender;
        if !lost {
            let kept = if other_lost { &[][..] } else { def.skills };
            for skill in self.general(general).skills {
                if !kept.contains(skill) {
                    self.lose_skill(seat, *skill);
                }
            }
        }
    }

    /// 亮出 Every hidden general of `seat` turned face up, main first (a death, H-DEATH-1; the end
    /// of the game, H-WIN-2): no reward.
    pub(crate) fn reveal_all_of(&mut self, seat: Seat) {
        self.reveal_general(seat, false);
        self.reveal_general(seat, true);
    }

    /// At the end of the game every hidden general is shown, in seat order from the current
    /// seat (the order the victory check settles the hidden survivors' factions in, H-WIN-2).
    pub(crate) fn reveal_everyone(&mut self) {
        if self.duos.is_empty() {
            return;
        }
        for seat in self.order_from(self.turn.seat) {
            self.reveal_all_of(seat);
        }
        // `order_from` lists the living; the dead were revealed as they died.
        for i in 0..self.seat_count() {
            self.reveal_all_of(Seat(i as u8));
        }
    }
}
