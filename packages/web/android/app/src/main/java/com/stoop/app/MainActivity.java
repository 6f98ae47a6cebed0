package com.stoop.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
