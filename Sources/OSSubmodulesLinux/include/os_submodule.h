// Empty: the submodules of os carry no C declarations on Linux; Kiosk's Swift os overlay
// declares Logger, os_log and the signposts (module.modulemap beside this file says why).
