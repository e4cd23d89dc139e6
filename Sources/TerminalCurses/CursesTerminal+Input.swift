import CNCursesW
import TerminalUI

extension CursesTerminal {
    /// Reads one input event, waiting at most `timeoutMilliseconds` (-1 for ever).
    ///
    /// Returns nil on timeout, so the loop can drain its inbox and redraw, and for mouse events
    /// other than a primary press. A resize clears the previous frame (the screen's contents are
    /// unknown afterwards) and reports the new size.
    public func readKey(timeoutMilliseconds: Int32 = -1) -> Key? {
        wtimeout(window, timeoutMilliseconds)
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        if status == KEY_CODE_YES && Int32(value) == KEY_RESIZE {
            invalidate()
            return .resize(size)
        }
        if status == KEY_CODE_YES && Int32(value) == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK,
                event.bstate & (cncursesw_button1_pressed() | cncursesw_button1_clicked()) != 0
            else { return nil }
            return .click(Point(x: Int(event.x), y: Int(event.y)))
        }
        return Key.decode(status: status, value: UInt32(value))
    }
}

extension Key {
    /// Decodes `get_wch`'s result: `status` is OK for a character, KEY_CODE_YES for a key code
    /// (with `keypad` on, ncurses has already turned escape sequences into codes), ERR on timeout.
    static func decode(status: Int32, value: UInt32) -> Key? {
        if status == KEY_CODE_YES { return decode(keyCode: Int32(bitPattern: value)) }
        guard status == OK else { return nil }
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 127, 8: return .backspace
        case 1...26:
            // Control letters arrive as 1–26; Tab, Enter and Backspace were taken above.
            return .ctrl(Character(Unicode.Scalar(UInt8(value) + 96)))
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func decode(keyCode: Int32) -> Key? {
        switch keyCode {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_BTAB: .backTab
        case (KEY_F0 + 1)...(KEY_F0 + 63): .function(Int(keyCode - KEY_F0))
        default: nil
        }
    }
}
